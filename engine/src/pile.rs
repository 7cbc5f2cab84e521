//! The draw pile, shuffled lazily.
//!
//! Instead of shuffling the whole pile up front, each draw takes a uniformly random card from the
//! unordered part (a Fisher–Yates step done at draw time). The distribution of every draw sequence
//! is exactly that of a fully shuffled deck, but a deal costs one random number per card actually
//! drawn. A scenario can fix the order of the top cards: the `ordered` cards at the end of the
//! buffer are drawn in order before any random draw.

use crate::rng::Rng;

/// Draw pile of card-kind ids with capacity `N`. Index `len-1` is the top.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct DrawPile<const N: usize> {
    cards: [u16; N],
    len: u16,
    /// How many cards at the top have a fixed, known order.
    ordered: u16,
}

impl<const N: usize> Default for DrawPile<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> DrawPile<N> {
    pub const fn new() -> Self {
        DrawPile {
            cards: [0; N],
            len: 0,
            ordered: 0,
        }
    }
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Number of top cards whose order is fixed.
    pub fn ordered(&self) -> usize {
        self.ordered as usize
    }
    pub fn clear(&mut self) {
        self.len = 0;
        self.ordered = 0;
    }
    /// Replaces the pile with `cards`, all unordered (a fresh, to-be-shuffled deck).
    #[inline]
    pub fn fill_shuffled(&mut self, cards: &[u16]) {
        self.cards[..cards.len()].copy_from_slice(cards);
        self.len = cards.len() as u16;
        self.ordered = 0;
    }
    /// Adds a card to the unordered part (it will be drawn at a random time).
    #[inline]
    pub fn add_shuffled(&mut self, kind: u16) {
        let n = self.len as usize;
        debug_assert!(n < N);
        if self.ordered == 0 {
            self.cards[n] = kind;
        } else {
            // Keep the ordered top intact: move the bottom-most ordered card up one slot.
            let first_ordered = n - self.ordered as usize;
            self.cards[n] = self.cards[first_ordered];
            // Shift is unnecessary for correctness of the unordered part, but the ordered run
            // must stay contiguous and in order, so rotate it.
            self.cards[first_ordered..=n].rotate_right(1);
            self.cards[first_ordered] = kind;
        }
        self.len += 1;
    }
    /// Adds every card of `cards`, in order, exactly as that many `add_shuffled` calls would:
    /// with no ordered top, one copy into the free slots.
    #[inline]
    pub fn add_shuffled_all(&mut self, cards: impl ExactSizeIterator<Item = u16>) {
        if self.ordered != 0 {
            for c in cards {
                self.add_shuffled(c);
            }
            return;
        }
        let n = self.len as usize;
        let k = cards.len();
        assert!(n + k <= N, "add_shuffled_all: {k} cards into {n} of {N}");
        for (slot, c) in self.cards[n..n + k].iter_mut().zip(cards) {
            *slot = c;
        }
        self.len += k as u16;
    }
    /// Puts a card on top in a known position (scenario set-up).
    pub fn push_top_ordered(&mut self, kind: u16) {
        let n = self.len as usize;
        debug_assert!(n < N);
        self.cards[n] = kind;
        self.len += 1;
        self.ordered += 1;
    }
    /// Draws the top card: the next ordered one if any, otherwise a uniformly random one (the
    /// last card of the pile fills its place; what lies beyond `len` is never read).
    #[inline(always)]
    pub fn draw(&mut self, rng: &mut Rng) -> Option<u16> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        // `len <= N` always; the `min`s let the compiler drop the bounds checks.
        let last = (self.len as usize).min(N - 1);
        if self.ordered > 0 {
            self.ordered -= 1;
            return Some(self.cards[last]);
        }
        Some(pick(&mut self.cards, last, rng))
    }
    /// Draws `n` cards, passing each to `take`: the same cards, in the same order, with the
    /// same random numbers as `n` calls of `draw`, but with the generator, the length and the
    /// ordered count kept in locals. Panics if the pile holds fewer than `n` (callers that may
    /// run out reshuffle between batches).
    #[inline(always)]
    pub fn draw_many(&mut self, n: usize, rng: &mut Rng, mut take: impl FnMut(u16)) {
        assert!(
            n <= self.len as usize,
            "draw_many: {n} cards asked of a pile of {}",
            self.len
        );
        let mut len = self.len as usize;
        // The ordered top first, in order; then uniform picks from the rest.
        let fixed = n.min(self.ordered as usize);
        for _ in 0..fixed {
            len -= 1;
            take(self.cards[len.min(N - 1)]);
        }
        self.ordered -= fixed as u16;
        let mut r = rng.clone();
        for _ in fixed..n {
            len -= 1;
            take(pick(&mut self.cards, len.min(N - 1), &mut r));
        }
        self.len = len as u16;
        *rng = r;
    }
    /// All cards in the pile (order meaningful only for the ordered top).
    pub fn as_slice(&self) -> &[u16] {
        &self.cards[..self.len as usize]
    }
    /// Replaces the card at position `i` (`0..len`, as in `as_slice`) with `kind`, keeping
    /// every other card and the draw order: an in-place swap for balance experiments.
    pub fn replace(&mut self, i: usize, kind: u16) {
        assert!(i < self.len as usize, "pile position {i} out of range");
        self.cards[i] = kind;
    }
    /// Shuffles a discard pile, given as a count per kind, back into this pile, leaving one copy
    /// of `top` (the top card) on the discard pile.
    pub fn refill_from(&mut self, discard: &mut [u8], top: usize) {
        for (k, d) in discard.iter_mut().enumerate() {
            let c = if k == top { *d - 1 } else { *d };
            for _ in 0..c {
                self.add_shuffled(k as u16);
            }
            *d -= c;
        }
    }
    /// Count of each kind in the pile.
    pub fn count_kinds(&self, counts: &mut [u8]) {
        for &c in self.as_slice() {
            counts[c as usize] += 1;
        }
    }
}

impl<const N: usize> std::fmt::Debug for DrawPile<N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DrawPile")
            .field("len", &self.len)
            .field("ordered", &self.ordered)
            .finish()
    }
}

/// Takes a uniformly random card out of `cards[..=last]`; the card at `last` fills its place.
#[inline(always)]
fn pick<const N: usize>(cards: &mut [u16; N], last: usize, rng: &mut Rng) -> u16 {
    let j = (rng.below(last as u32 + 1) as usize).min(last);
    let c = cards[j];
    cards[j] = cards[last];
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn ordered_top_is_drawn_first_in_order() {
        let mut p: DrawPile<10> = DrawPile::new();
        p.add_shuffled(1);
        p.add_shuffled(2);
        p.push_top_ordered(7);
        p.push_top_ordered(9);
        p.add_shuffled(3);
        let mut r = Rng::new(1);
        assert_eq!(p.draw(&mut r), Some(9));
        assert_eq!(p.draw(&mut r), Some(7));
        let mut rest = vec![
            p.draw(&mut r).unwrap(),
            p.draw(&mut r).unwrap(),
            p.draw(&mut r).unwrap(),
        ];
        rest.sort();
        assert_eq!(rest, vec![1, 2, 3]);
        assert_eq!(p.draw(&mut r), None);
    }

    #[test]
    fn draw_many_draws_what_draw_would() {
        let mut a: DrawPile<40> = DrawPile::new();
        for k in 0..37 {
            a.add_shuffled(k % 13);
        }
        for k in [20, 21, 22] {
            a.push_top_ordered(k);
        }
        let mut b = a;
        let (mut ra, mut rb) = (Rng::new(11), Rng::new(11));
        // The first batch takes two of the three ordered cards, the second the last one and
        // random ones.
        for n in [0, 2, 7, 31] {
            let mut got = Vec::new();
            a.draw_many(n, &mut ra, |c| got.push(c));
            let want: Vec<u16> = (0..n).map(|_| b.draw(&mut rb).unwrap()).collect();
            assert_eq!(got, want);
            assert_eq!(a.as_slice(), b.as_slice());
            assert_eq!(a.ordered(), b.ordered());
            assert_eq!(ra, rb);
        }
        assert!(a.is_empty());
    }

    #[test]
    fn add_shuffled_all_adds_what_add_shuffled_would() {
        for ordered in [0, 2] {
            let mut a: DrawPile<20> = DrawPile::new();
            for k in 0..5 {
                a.add_shuffled(k);
            }
            for k in 0..ordered {
                a.push_top_ordered(10 + k);
            }
            let mut b = a;
            a.add_shuffled_all([7u16, 8, 9].into_iter());
            for k in [7, 8, 9] {
                b.add_shuffled(k);
            }
            assert_eq!(a.as_slice(), b.as_slice());
            assert_eq!(a.ordered(), b.ordered());
        }
    }

    #[test]
    fn random_draws_are_uniform() {
        let mut hits = [0u32; 4];
        let mut r = Rng::new(3);
        for _ in 0..8000 {
            let mut p: DrawPile<4> = DrawPile::new();
            for k in 0..4 {
                p.add_shuffled(k);
            }
            hits[p.draw(&mut r).unwrap() as usize] += 1;
        }
        assert!(hits.iter().all(|&h| h > 1800 && h < 2200), "{hits:?}");
    }
}
