//! A table of rows (`O` observers × `S` seats) stored lazily: a row never written since the
//! table was made, or cleared since, reads as absent without being stored, so a new table
//! writes only its bits (one `u16` per observer) and never zeroes its rows. The Blender's
//! knowledge table (what each player knows of the others' hands) is one, square; the
//! Constitution's has one seat more, its Martyr rows. Random play, which keeps no knowledge,
//! never writes a row at all.
//!
//! The bits lead the struct (`repr(C)`): a new table is a temporary whose only stored bytes
//! come first, and its copy into a game state becomes a short zeroing, not a copy of the rows.

use std::mem::MaybeUninit;

/// `O` × `S` rows of `R`, row `(o, s)` stored while bit `s` of `written[o]` is set.
#[derive(Clone, Copy)]
#[repr(C)]
pub struct LazyRows<R: Copy, const O: usize, const S: usize> {
    written: [u16; O],
    /// Made by repeating an uninitialised constant (`new`), an undef `memset` LLVM drops: a
    /// new table stores none of its rows, nor copies them, even inside another struct (the
    /// Constitution's `Knowledge`). One `MaybeUninit::uninit()` over the grid was a copy from
    /// an undef constant, and a table inside another struct was then copied whole.
    rows: [[MaybeUninit<R>; S]; O],
}

impl<R: Copy, const O: usize, const S: usize> LazyRows<R, O, S> {
    const FITS: () = assert!(S <= 16, "a row's bit is one of 16");

    /// No row stored.
    #[inline(always)]
    pub const fn new() -> Self {
        let () = Self::FITS;
        LazyRows {
            written: [0; O],
            rows: [const { [MaybeUninit::uninit(); S] }; O],
        }
    }

    /// Both indices in the table, in one check (the indexing's own checks then fold away).
    #[inline(always)]
    fn check(o: usize, s: usize) {
        assert!(o < O && s < S);
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
        Self::check(o, s);
        // SAFETY: a row is initialised while its bit is set (`get_mut_or`, `put`; `swap`
        // moves the bits with the rows).
        Some(unsafe { self.rows[o][s].assume_init_ref() })
    }

    /// Row `(o, s)` to write, or `None` when it is not stored.
    #[inline]
    pub fn get_mut(&mut self, o: usize, s: usize) -> Option<&mut R> {
        if self.written[o] >> s & 1 == 0 {
            return None;
        }
        Self::check(o, s);
        // SAFETY: as in `get`.
        Some(unsafe { self.rows[o][s].assume_init_mut() })
    }

    /// Row `(o, s)` to write, first set to `zero` when it is not stored.
    #[inline]
    pub fn get_mut_or(&mut self, o: usize, s: usize, zero: R) -> &mut R {
        Self::check(o, s);
        if self.written[o] >> s & 1 == 0 {
            self.rows[o][s].write(zero);
            self.written[o] |= 1 << s;
        }
        // SAFETY: written just above, or initialised while its bit was set.
        unsafe { self.rows[o][s].assume_init_mut() }
    }

    /// Row `(o, s)` becomes `row`.
    #[inline]
    pub fn put(&mut self, o: usize, s: usize, row: R) {
        Self::check(o, s);
        self.rows[o][s].write(row);
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
        Self::check(o, a.max(b));
        self.rows[o].swap(a, b);
        let v = self.written[o];
        let (va, vb) = (v >> a & 1, v >> b & 1);
        self.written[o] = v & !(1 << a) & !(1 << b) | vb << a | va << b;
    }
}

impl<R: Copy, const O: usize, const S: usize> Default for LazyRows<R, O, S> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against a plain table with a stored flag, over random operations, square and with a
    /// seat more than observers (as the Constitution's Martyr rows).
    #[test]
    fn lazy_rows_read_as_a_plain_table() {
        check::<5>(4);
        check::<6>(5);
    }

    fn check<const S: usize>(seed: u64) {
        let mut r = crate::Rng::new(seed);
        let mut t: LazyRows<[u8; 3], 5, S> = LazyRows::new();
        let mut plain = [[None::<[u8; 3]>; S]; 5];
        for _ in 0..20_000 {
            let (o, s, b) = (
                r.below(5) as usize,
                r.below(S as u32) as usize,
                r.below(S as u32) as usize,
            );
            let v = r.below(200) as u8;
            match r.below(7) {
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
                5 => {
                    if let Some(row) = t.get_mut(o, s) {
                        row[2] = v;
                    }
                    if let Some(row) = plain[o][s].as_mut() {
                        row[2] = v;
                    }
                }
                _ => {
                    t.clear_observer(o);
                    plain[o] = [None; S];
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
