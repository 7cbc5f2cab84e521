//! Compact hands: a count per card kind plus a presence bitset, so "which kinds do I hold" is a
//! word operation and the hand is a flat array (cheap to clone, no heap).
//!
//! `K` is the number of card kinds (counts), `W` the number of 64-bit words of the bitset
//! (`W * 64 >= K`). Classic UNO uses `Hand<54, 1>`; variants with hundreds of kinds use more words.

/// Per-kind counts with a presence bitset and a running total.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hand<const K: usize, const W: usize> {
    counts: [u8; K],
    mask: [u64; W],
    len: u16,
}

impl<const K: usize, const W: usize> Default for Hand<K, W> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const K: usize, const W: usize> Hand<K, W> {
    pub const fn new() -> Self {
        assert!(W * 64 >= K);
        Hand {
            counts: [0; K],
            mask: [0; W],
            len: 0,
        }
    }
    /// Number of cards held.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    #[inline]
    pub fn count(&self, kind: usize) -> u8 {
        self.counts[kind]
    }
    #[inline]
    pub fn has(&self, kind: usize) -> bool {
        self.counts[kind] > 0
    }
    /// Bitset word `w` of kinds held at least once.
    #[inline]
    pub fn mask(&self, w: usize) -> u64 {
        self.mask[w]
    }
    #[inline]
    pub fn add(&mut self, kind: usize) {
        self.add_n(kind, 1);
    }
    #[inline]
    pub fn add_n(&mut self, kind: usize, n: u8) {
        if n == 0 {
            return;
        }
        self.counts[kind] += n;
        self.mask[kind >> 6] |= 1u64 << (kind & 63);
        self.len += n as u16;
    }
    /// Adds one card of each kind `kinds` yields (kinds may repeat), as `add` for each but with
    /// the total updated once.
    #[inline]
    pub fn add_each(&mut self, kinds: impl IntoIterator<Item = usize>) {
        let mut n = 0u16;
        for kind in kinds {
            self.counts[kind] += 1;
            self.mask[kind >> 6] |= 1u64 << (kind & 63);
            n += 1;
        }
        self.len += n;
    }
    /// Removes one card of `kind`, which must be held (checked in debug builds): `remove`
    /// without the test for none.
    #[inline]
    pub fn remove_held(&mut self, kind: usize) {
        let c = self.counts[kind];
        debug_assert!(c > 0, "kind {kind} is not held");
        self.counts[kind] = c.wrapping_sub(1);
        self.mask[kind >> 6] &= !(((c == 1) as u64) << (kind & 63));
        self.len = self.len.wrapping_sub(1);
    }
    /// Removes one card of `kind`; returns false (and changes nothing) if none is held.
    #[inline]
    pub fn remove(&mut self, kind: usize) -> bool {
        let c = self.counts[kind];
        if c == 0 {
            return false;
        }
        self.counts[kind] = c - 1;
        // Clears the bit when the last copy goes, without a branch on the count.
        self.mask[kind >> 6] &= !(((c == 1) as u64) << (kind & 63));
        self.len -= 1;
        true
    }
    pub fn clear(&mut self) {
        *self = Self::new();
    }
    /// The per-kind counts.
    #[inline]
    pub fn counts(&self) -> &[u8; K] {
        &self.counts
    }
    /// Iterates `(kind, count)` over kinds held.
    pub fn iter(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        (0..W).flat_map(move |w| {
            let mut m = self.mask[w];
            std::iter::from_fn(move || {
                if m == 0 {
                    return None;
                }
                let b = m.trailing_zeros() as usize;
                m &= m - 1;
                let k = w * 64 + b;
                Some((k, self.counts[k]))
            })
        })
    }
}

impl<const K: usize, const W: usize> std::fmt::Debug for Hand<K, W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn add_remove_keeps_mask_and_len() {
        let mut h: Hand<70, 2> = Hand::new();
        h.add(3);
        h.add(3);
        h.add(65);
        assert_eq!(h.len(), 3);
        assert_eq!(h.mask(0), 1 << 3);
        assert_eq!(h.mask(1), 1 << 1);
        assert!(h.remove(3));
        assert_eq!(h.mask(0), 1 << 3);
        assert!(h.remove(3));
        assert_eq!(h.mask(0), 0);
        assert!(!h.remove(3));
        assert_eq!(h.len(), 1);
        assert_eq!(h.iter().collect::<Vec<_>>(), vec![(65, 1)]);
    }

    #[test]
    fn remove_held_is_remove() {
        let mut a: Hand<70, 2> = Hand::new();
        a.add_each([3, 3, 65, 0]);
        let mut b = a;
        for k in [3, 65, 3, 0] {
            assert!(a.remove(k));
            b.remove_held(k);
            assert!(a == b);
        }
        assert!(b.is_empty());
        assert_eq!(b.mask(0) | b.mask(1), 0);
    }

    #[test]
    fn add_each_is_add_for_each() {
        let kinds = [3usize, 65, 3, 0, 69, 3];
        let mut one: Hand<70, 2> = Hand::new();
        one.add(5);
        let mut each = one;
        for &k in &kinds {
            one.add(k);
        }
        each.add_each(kinds);
        assert!(one == each);
        assert_eq!(each.len(), 7);
        each.add_each([]);
        assert!(one == each);
    }
}
