//! Bitmask tables over the kinds, built once: which kinds match a shown card by colour, number
//! or symbol, and which the restrictions allow, for each side. A turn's playable kinds are then
//! a few word operations on the hand (`BlenderState::turn_masks`), the same set `can_play`
//! tests kind by kind.

use super::cards::{kinds, Side, AFTER_DRAW, AFTER_STACK, NO_NUMBER, NUM_KINDS, WILD, WORDS};
use std::sync::OnceLock;

pub type Mask = [u64; WORDS];

/// Symbols there are (bits of a symbol mask).
const SYMS: usize = 35;

/// The tables for one side (normal or flex) of every kind.
pub struct SideMasks {
    /// Kinds of colour `c` (4: Wild).
    pub color: [Mask; 5],
    /// Kinds showing number `n`.
    pub number: [Mask; 23],
    /// Kinds carrying symbol `s`; `family`: with the families expanded.
    pub sym: [Mask; SYMS],
    pub family: [Mask; SYMS],
    /// Kinds with the `#` symbol.
    pub hash: Mask,
    /// Kinds allowed after a Draw card / a Stack card.
    pub after_draw: Mask,
    pub after_stack: Mask,
    /// Kinds that have this side.
    pub present: Mask,
    /// By the kind of the shown card: the kinds sharing a symbol with its normal side
    /// (`sym` / `family` rows of its symbols together).
    pub shown_sym: Vec<Mask>,
    pub shown_family: Vec<Mask>,
}

pub struct Masks {
    pub normal: SideMasks,
    pub flex: SideMasks,
}

#[inline]
fn set(m: &mut Mask, k: usize) {
    m[k >> 6] |= 1 << (k & 63);
}

fn side_masks(pick: impl Fn(usize) -> Option<Side>) -> SideMasks {
    let z = [0u64; WORDS];
    let mut m = SideMasks {
        color: [z; 5],
        number: [z; 23],
        sym: [z; SYMS],
        family: [z; SYMS],
        hash: z,
        after_draw: z,
        after_stack: z,
        present: z,
        shown_sym: Vec::new(),
        shown_family: Vec::new(),
    };
    for k in 0..NUM_KINDS {
        let Some(sd) = pick(k) else { continue };
        set(&mut m.present, k);
        set(&mut m.color[sd.color.min(WILD) as usize], k);
        if sd.number != NO_NUMBER {
            set(&mut m.number[sd.number as usize], k);
        }
        for s in 0..SYMS {
            if sd.syms >> s & 1 != 0 {
                set(&mut m.sym[s], k);
            }
            if super::cards::family(sd.syms) >> s & 1 != 0 {
                set(&mut m.family[s], k);
            }
        }
        if sd.syms & super::cards::bit(super::cards::Sym::Hash) != 0 {
            set(&mut m.hash, k);
        }
        if sd.syms & AFTER_DRAW != 0 {
            set(&mut m.after_draw, k);
        }
        if sd.syms & AFTER_STACK != 0 {
            set(&mut m.after_stack, k);
        }
    }
    for k in 0..NUM_KINDS {
        let syms = kinds()[k].normal.syms;
        let fam = super::cards::family(syms);
        let (mut a, mut b) = (z, z);
        for s in 0..SYMS {
            for w in 0..WORDS {
                if syms >> s & 1 != 0 {
                    a[w] |= m.sym[s][w];
                }
                if fam >> s & 1 != 0 {
                    b[w] |= m.family[s][w];
                }
            }
        }
        m.shown_sym.push(a);
        m.shown_family.push(b);
    }
    m
}

pub fn masks() -> &'static Masks {
    static M: OnceLock<Masks> = OnceLock::new();
    M.get_or_init(|| Masks {
        normal: side_masks(|k| Some(kinds()[k].normal)),
        flex: side_masks(|k| kinds()[k].flex),
    })
}
