//! Math (11.2, R61) from scratch as a table lookup: which numbers 0-9 a Math play can make from
//! a colour's operands, for every multiset of operands at once.
//!
//! A Math play from scratch makes `t` with at most `max` operands iff some sub-multiset of the
//! operands, of 2 to `max` cards, used in full in some order and with some operators (each step
//! a whole number, `math_step`), ends at `t`. So the set of makeable numbers of a multiset `A`
//! is `E(A)` (what `A` used in full makes, when `2 <= |A| <= max`) united with the sets of the
//! multisets one card smaller than `A`: a downward closure, for each `(max, ops)`, over
//! every multiset of the eight values 2-9 with at most three cards of each (16 bits, two per
//! value: 65,536 entries of a 10-bit set). Four equal cards matter only to plays of four
//! operands, and the only four-card multiset with four equal cards is `{v, v, v, v}`: its
//! numbers are a second, eight-entry table. The tables are filled entry by entry on first use
//! (an entry from the entries one card smaller, `MathTable::entry`) and shared by every thread;
//! a lookup allocates nothing, and a run pays only for the multisets its hands hold (a few
//! hundred entries) instead of building all 65,536. The state machine's depth-first search
//! (`math_reach`) stays for plays under way, where the value so far is given.

use super::state::{math_step, NO_OP};
use std::sync::atomic::{AtomicU16, Ordering::Relaxed};

/// An entry's value once filled: the makeable numbers (bits 0-9) and this mark (an entry
/// still 0 is not filled yet; a filled one is never 0).
const FILLED: u16 = 1 << 15;

/// The reach entries of the six tables (one per `max` in 2-4 and `ops` in 4-5; by
/// `sum(min(count of value 2 + i, 3) << 2i)`), 0 until filled.
static REACH: [[AtomicU16; 1 << 16]; 6] = [const { [const { AtomicU16::new(0) }; 1 << 16] }; 6];
/// `FIRST[t][idx << 3 | i]`: what the multiset `idx` (which holds a `2 + i`) makes with a play
/// whose first operand is that `2 + i`, 0 until filled.
static FIRST: [[AtomicU16; 8 << 16]; 6] = [const { [const { AtomicU16::new(0) }; 8 << 16] }; 6];
/// `FOUR[t][i]`: what `{v, v, v, v}` (`v = 2 + i`) makes used in full (empty unless
/// `max == 4`), 0 until filled.
static FOUR: [[AtomicU16; 8]; 6] = [const { [const { AtomicU16::new(0) }; 8] }; 6];

/// The makeable numbers (bit `t` for `t` in 0-9) for one `(max, ops)`: a handle on its
/// entries, filled as they are first asked for. Filling is idempotent (every thread computes
/// the same value), so the entries need no lock.
#[derive(Clone, Copy)]
pub(crate) struct MathTable {
    reach: &'static [AtomicU16; 1 << 16],
    first: &'static [AtomicU16; 8 << 16],
    four: &'static [AtomicU16; 8],
    max: u8,
    ops: u8,
}

/// The table of Math plays of at most `max` operands (2-4) with the first `ops` operators
/// (4: `+ - x /`; 5: and `avg`).
#[inline]
pub(crate) fn math_table(max: u8, ops: u8) -> MathTable {
    debug_assert!((2..=4).contains(&max) && (4..=5).contains(&ops));
    let i = (max as usize - 2) * 2 + (ops as usize - 4);
    MathTable {
        reach: &REACH[i],
        first: &FIRST[i],
        four: &FOUR[i],
        max,
        ops,
    }
}

impl MathTable {
    /// The numbers 0-9 a Math play from scratch can make with the operands `avail` (counts of
    /// the values 2-9, `avail[0]` for 2), as a bit set.
    #[cfg(test)]
    pub(crate) fn reach(&self, avail: &[u8; 8]) -> u16 {
        self.reach_word(u64::from_le_bytes(*avail))
    }

    /// `reach` of the counts packed a byte each, little-endian (`avail[0]` the low byte).
    #[inline]
    pub(crate) fn reach_word(&self, x: u64) -> u16 {
        if x & 0xfcfc_fcfc_fcfc_fcfc == 0 {
            // Every count below 4: the bytes' low two bits, packed.
            let y = x | x >> 6;
            let y = y & 0x000f_000f_000f_000f;
            let y = y | y >> 12;
            let y = y & 0x0000_00ff_0000_00ff;
            let y = y | y >> 24;
            return self.get((y & 0xffff) as usize);
        }
        let avail = x.to_le_bytes();
        let mut idx = 0usize;
        let mut four = 0u16;
        for (i, &a) in avail.iter().enumerate() {
            idx |= (a.min(3) as usize) << (2 * i);
            if a >= 4 {
                four |= self.four(i);
            }
        }
        self.get(idx) | four
    }

    /// The numbers 0-9 a Math play from scratch whose first operand is `v` (2-9) can make with
    /// the operands `x` (counts packed as for `reach_word`; at least one `v`).
    #[inline]
    pub(crate) fn first_word(&self, x: u64, v: u8) -> u16 {
        let i = v as usize - 2;
        debug_assert!(x >> (8 * i) & 0xff > 0);
        let avail = x.to_le_bytes();
        let mut idx = 0usize;
        for (j, &a) in avail.iter().enumerate() {
            idx |= (a.min(3) as usize) << (2 * j);
        }
        // Four equal operands make a play only as `{v, v, v, v}` (see `reach_word`).
        let four = if avail[i] >= 4 { self.four(i) } else { 0 };
        let e = self.first[idx << 3 | i].load(Relaxed);
        let e = if e != 0 { e } else { self.first_entry(idx, i) };
        (e & !FILLED) | four
    }

    /// Fills `FIRST` entry `(idx, i)` (and those below it it needs): what the multiset makes
    /// used in full after a first operand `2 + i` (when it has 2 to `max` cards), united with
    /// the entries of the multisets one card smaller that still hold a `2 + i`.
    #[cold]
    #[inline(never)]
    fn first_entry(&self, idx: usize, i: usize) -> u16 {
        let v = self.first[idx << 3 | i].load(Relaxed);
        if v != 0 {
            return v;
        }
        let (total, mut avail) = unpack(idx);
        let mut r = FILLED;
        if (2..=self.max).contains(&total) {
            avail[2 + i] -= 1;
            let v = 2 + i as i32;
            for op in 0..self.ops {
                exact(&mut avail, total - 1, self.ops, v, v, 1, op, &mut r);
            }
        }
        let mut present = (idx | idx >> 1) & 0x5555;
        while present != 0 {
            let low = present & present.wrapping_neg();
            present &= present - 1;
            let smaller = idx - low;
            if smaller >> (2 * i) & 3 != 0 {
                r |= self.first_entry(smaller, i);
            }
        }
        self.first[idx << 3 | i].store(r, Relaxed);
        r
    }

    /// Entry `idx`, filled if it is not yet.
    #[inline(always)]
    fn get(&self, idx: usize) -> u16 {
        let v = self.reach[idx].load(Relaxed);
        if v != 0 {
            return v & !FILLED;
        }
        self.entry(idx) & !FILLED
    }

    /// Fills entry `idx` (and, first, those below it it needs): what the multiset makes used
    /// in full (when it has 2 to `max` cards) united with the entries of the multisets one card
    /// smaller.
    #[cold]
    #[inline(never)]
    fn entry(&self, idx: usize) -> u16 {
        let v = self.reach[idx].load(Relaxed);
        if v != 0 {
            return v;
        }
        let (total, mut avail) = unpack(idx);
        let mut r = FILLED;
        if (2..=self.max).contains(&total) {
            exact(&mut avail, total, self.ops, 0, 0, 0, NO_OP, &mut r);
        }
        // The multisets one card smaller: one per value present, the lowest set bit of each
        // nonzero two-bit count.
        let mut present = (idx | idx >> 1) & 0x5555;
        while present != 0 {
            let low = present & present.wrapping_neg();
            r |= self.entry(idx - low);
            present &= present - 1;
        }
        self.reach[idx].store(r, Relaxed);
        r
    }

    /// `FOUR[i]` of this table, filled if it is not yet.
    #[cold]
    fn four(&self, i: usize) -> u16 {
        let v = self.four[i].load(Relaxed);
        if v != 0 {
            return v & !FILLED;
        }
        let mut r = FILLED;
        if self.max >= 4 {
            let mut avail = [0u8; 10];
            avail[2 + i] = 4;
            exact(&mut avail, 4, self.ops, 0, 0, 0, NO_OP, &mut r);
        }
        self.four[i].store(r, Relaxed);
        r & !FILLED
    }
}

/// The byte mask with byte `i` all ones for each bit `i` of `bits` (the low eight bits).
#[inline]
pub(crate) fn byte_mask(bits: u64) -> u64 {
    // Byte i keeps bit i of a copy of the bits in every byte; adding 0x7f to each byte (no
    // carry leaves a byte) sets its top bit iff that bit is set; the top bits fill their bytes.
    let each = ((bits & 0xff) * 0x0101_0101_0101_0101) & 0x8040_2010_0804_0201;
    let top = (each + 0x7f7f_7f7f_7f7f_7f7f) & 0x8080_8080_8080_8080;
    (top >> 7) * 0xff
}

/// A table index's multiset: its size (the sum of its two-bit counts) and its counts by value
/// (`avail[v]` for the values 2-9; 0 and 1 empty), as the search takes them.
fn unpack(idx: usize) -> (u8, [u8; 10]) {
    let total = ((idx & 0x5555).count_ones() + 2 * (idx & 0xaaaa).count_ones()) as u8;
    let mut avail = [0u8; 10];
    for (j, a) in avail[2..].iter_mut().enumerate() {
        *a = (idx >> (2 * j) & 3) as u8;
    }
    (total, avail)
}

/// Adds to `out` the numbers 0-9 that the operands `avail` (`total` of them), all used, make
/// after a play of `len` operands at `value` (sum `sum`) and the operator `op` (`NO_OP` before
/// the first operand).
#[allow(clippy::too_many_arguments)]
fn exact(
    avail: &mut [u8; 10],
    total: u8,
    ops: u8,
    value: i32,
    sum: i32,
    len: u8,
    op: u8,
    out: &mut u16,
) {
    for v in 2..10 {
        if avail[v] == 0 {
            continue;
        }
        let Some((x, s)) = math_step(op, value, sum, len, v as i32) else {
            continue;
        };
        avail[v] -= 1;
        if total == 1 {
            if (0..10).contains(&x) {
                *out |= 1 << x;
            }
        } else {
            for o in 0..ops {
                exact(avail, total - 1, ops, x, s, len + 1, o, out);
            }
        }
        avail[v] += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The numbers 0-9 the engine's depth-first search finds, target by target.
    fn by_search(avail: &[u8; 8], max: u8, ops: u8) -> u16 {
        let mut a = [0u8; 10];
        a[2..].copy_from_slice(avail);
        let mut r = 0;
        for t in 0..10 {
            let ok = (2..10).any(|v| {
                if a[v] == 0 {
                    return false;
                }
                a[v] -= 1;
                let ok =
                    super::super::state::math_reach(t, max, ops, v as i32, v as i32, 1, &mut a);
                a[v] += 1;
                ok
            });
            if ok {
                r |= 1 << t;
            }
        }
        r
    }

    /// Every `(max, ops)` with its table, and every multiset of up to four cards of each value
    /// 2-9 (in a debug build, those of up to five cards and one in 200 of the others).
    fn for_each_multiset(seed: u64, mut f: impl FnMut(u8, u8, &MathTable, [u8; 8])) {
        let mut rng = crate::Rng::new(seed);
        for max in 2..=4u8 {
            for ops in 4..=5u8 {
                let t = math_table(max, ops);
                for idx in 0..5u32.pow(8) {
                    let mut avail = [0u8; 8];
                    let mut x = idx;
                    for a in avail.iter_mut() {
                        *a = (x % 5) as u8;
                        x /= 5;
                    }
                    let total: u8 = avail.iter().sum();
                    if cfg!(debug_assertions) && total > 5 && rng.below(200) != 0 {
                        continue;
                    }
                    f(max, ops, &t, avail);
                }
            }
        }
    }

    #[test]
    fn byte_mask_fills_the_bytes_of_the_bits() {
        for b in 0..256u64 {
            let want = (0..8).fold(0u64, |m, i| m | ((b >> i & 1) * 0xff) << (8 * i));
            assert_eq!(byte_mask(b), want, "{b:#x}");
        }
    }

    /// `first_word` agrees with the search from a first operand on every multiset.
    #[test]
    fn first_operand_table_matches_the_search() {
        for_each_multiset(8, |max, ops, t, avail| {
            for i in 0..8 {
                if avail[i] == 0 {
                    continue;
                }
                let mut a = [0u8; 10];
                a[2..].copy_from_slice(&avail);
                a[2 + i] -= 1;
                let v = 2 + i as i32;
                let want = (0..10).fold(0u16, |r, tg| {
                    let ok = super::super::state::math_reach(tg, max, ops, v, v, 1, &mut a);
                    r | (ok as u16) << tg
                });
                assert_eq!(
                    t.first_word(u64::from_le_bytes(avail), 2 + i as u8),
                    want,
                    "max {max} ops {ops} avail {avail:?} first {v}"
                );
            }
        });
    }

    /// The table agrees with the search for every `(max, ops)` on every multiset
    /// (exhaustively in a release build, 2.3 M searches of ten targets).
    #[test]
    fn table_matches_the_search() {
        for_each_multiset(7, |max, ops, t, avail| {
            assert_eq!(
                t.reach(&avail),
                by_search(&avail, max, ops),
                "max {max} ops {ops} avail {avail:?}"
            );
        });
    }
}
