//! A square table of rows (observer × seat) stored lazily: a row never written since the table
//! was made, or cleared since, reads as absent without being stored, so a new table writes only
//! its bits (one `u16` per observer) and never zeroes its rows. The Blender's knowledge table
//! (what each player knows of the others' hands) is one; random play, which keeps no
//! knowledge, never writes a row at all. (The Constitution's table, with its Martyr rows and
//! flags beside it, keeps its own copy of this scheme: built on this type it made every
//! normal-mode game 4% slower, its state's copy widened by the Martyr rows.)
//!
//! The bits lead the struct (`repr(C)`): a new table is a temporary whose only stored bytes
//! come first, and its copy into a game state becomes a short zeroing, not a copy of the rows.

use std::mem::MaybeUninit;

/// `N` × `N` rows of `R`, row `(o, s)` stored while bit `s` of `written[o]` is set.
#[derive(Clone, Copy)]
#[repr(C)]
pub struct LazyRows<R: Copy, const N: usize> {
    written: [u16; N],
    /// One `MaybeUninit` over the whole grid (not one a row): a new table then stores none of
    /// its bytes, and its copy none either.
    rows: MaybeUninit<[[R; N]; N]>,
}

impl<R: Copy, const N: usize> LazyRows<R, N> {
    const FITS: () = assert!(N <= 16, "a row's bit is one of 16");

    /// No row stored.
    #[inline(always)]
    pub const fn new() -> Self {
        let () = Self::FITS;
        LazyRows {
            written: [0; N],
            rows: MaybeUninit::uninit(),
        }
    }

    /// Where row `(o, s)` lies, stored or not.
    #[inline]
    fn slot(&self, o: usize, s: usize) -> *const R {
        assert!(o < N && s < N);
        // In bounds: checked just above.
        self.rows.as_ptr().cast::<R>().wrapping_add(o * N + s)
    }

    /// `slot` to write.
    #[inline]
    fn slot_mut(&mut self, o: usize, s: usize) -> *mut R {
        assert!(o < N && s < N);
        self.rows.as_mut_ptr().cast::<R>().wrapping_add(o * N + s)
    }

    /// The stored rows of observer `o`: bit `s` for row `(o, s)`.
    #[inline]
    pub fn written(&self, o: usize) -> u16 {
        self.written[o]
    }

    /// Row `(o, s)`, or `None` when it is not stored.
    #[inline]
    pub fn get(&self, o: usize, s: usize) -> Option<&R> {
        if self.written[o] >> s & 1 == 0 {
            return None;
        }
        // SAFETY: a row is initialised while its bit is set (`get_mut_or`, `put`; `swap`
        // moves the bits with the rows).
        Some(unsafe { &*self.slot(o, s) })
    }

    /// Row `(o, s)` to write, first set to `zero` when it is not stored.
    #[inline]
    pub fn get_mut_or(&mut self, o: usize, s: usize, zero: R) -> &mut R {
        let p = self.slot_mut(o, s);
        if self.written[o] >> s & 1 == 0 {
            // SAFETY: `p` points into the grid (`slot_mut`).
            unsafe { p.write(zero) };
            self.written[o] |= 1 << s;
        }
        // SAFETY: written just above, or initialised while its bit was set.
        unsafe { &mut *p }
    }

    /// Row `(o, s)` becomes `row`.
    #[inline]
    pub fn put(&mut self, o: usize, s: usize, row: R) {
        // SAFETY: `slot_mut` points into the grid.
        unsafe { self.slot_mut(o, s).write(row) };
        self.written[o] |= 1 << s;
    }

    /// Row `(o, s)` is no longer stored.
    #[inline]
    pub fn clear(&mut self, o: usize, s: usize) {
        self.written[o] &= !(1 << s);
    }

    /// No row of observer `o` is stored.
    #[inline]
    pub fn clear_observer(&mut self, o: usize) {
        self.written[o] = 0;
    }

    /// No observer's row of seat `s` is stored.
    #[inline]
    pub fn clear_seat(&mut self, s: usize) {
        for w in self.written.iter_mut() {
            *w &= !(1 << s);
        }
    }

    /// Rows `(o, a)` and `(o, b)` trade places (a row not stored moves as bytes, its bit with
    /// it).
    #[inline]
    pub fn swap(&mut self, o: usize, a: usize, b: usize) {
        // SAFETY: both point into the grid, a row apart or the same; a row not stored moves
        // as bytes (`MaybeUninit`) and its bit with it.
        unsafe {
            let (pa, pb) = (self.slot_mut(o, a), self.slot_mut(o, b));
            std::ptr::swap(pa.cast::<MaybeUninit<R>>(), pb.cast::<MaybeUninit<R>>());
        }
        let v = self.written[o];
        let (va, vb) = (v >> a & 1, v >> b & 1);
        self.written[o] = v & !(1 << a) & !(1 << b) | vb << a | va << b;
    }
}

impl<R: Copy, const N: usize> Default for LazyRows<R, N> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against a plain table with a stored flag, over random operations.
    #[test]
    fn lazy_rows_read_as_a_plain_table() {
        let mut r = crate::Rng::new(4);
        let mut t: LazyRows<[u8; 3], 5> = LazyRows::new();
        let mut plain = [[None::<[u8; 3]>; 5]; 5];
        for _ in 0..20_000 {
            let (o, s, b) = (
                r.below(5) as usize,
                r.below(5) as usize,
                r.below(5) as usize,
            );
            let v = r.below(200) as u8;
            match r.below(6) {
                0 => {
                    t.put(o, s, [v; 3]);
                    plain[o][s] = Some([v; 3]);
                }
                1 => {
                    t.get_mut_or(o, s, [0; 3])[1] = v;
                    plain[o][s].get_or_insert([0; 3])[1] = v;
                }
                2 => {
                    t.clear(o, s);
                    plain[o][s] = None;
                }
                3 => {
                    t.swap(o, s, b);
                    plain[o].swap(s, b);
                }
                4 => {
                    t.clear_seat(s);
                    plain.iter_mut().for_each(|row| row[s] = None);
                }
                _ => {
                    t.clear_observer(o);
                    plain[o] = [None; 5];
                }
            }
            for (o, rows) in plain.iter().enumerate() {
                for (s, row) in rows.iter().enumerate() {
                    assert_eq!(t.get(o, s), row.as_ref());
                    assert_eq!(t.written(o) >> s & 1 == 1, row.is_some());
                }
            }
        }
    }
}
