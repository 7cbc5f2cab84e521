//! Card-level helpers shared by every variant with per-kind-count hands, a lazily shuffled draw
//! pile and a discard pile kept as counts: the card census and the balance experiment's
//! opening-hand swap (see [`crate::game::CardGame`]).

use crate::game::{Seat, SwapRecord, SwapSource};
use crate::hand::Hand;
use crate::pile::DrawPile;
use crate::rng::Rng;

/// Adds the copies of each kind in `hands`, the draw pile and the discard pile to `out`.
pub fn census<const K: usize, const W: usize, const N: usize>(
    hands: &[Hand<K, W>],
    draw: &DrawPile<N>,
    discard: &[u8],
    out: &mut [u32],
) {
    for h in hands {
        for (k, c) in h.iter() {
            out[k] += c as u32;
        }
    }
    for &c in draw.as_slice() {
        out[c as usize] += 1;
    }
    for (k, &c) in discard.iter().enumerate() {
        out[k] += c as u32;
    }
}

/// Moves one copy of `kind` from outside `hands[seat]` (another hand or the draw pile) into it,
/// and one filler card (`is_plain(k)`, `k != kind`) from it to where the copy was; both chosen
/// uniformly with `rng`. `None` (nothing changed) if there is no such copy or filler.
pub fn swap_in<const K: usize, const W: usize, const N: usize>(
    hands: &mut [Hand<K, W>],
    draw: &mut DrawPile<N>,
    seat: Seat,
    kind: usize,
    rng: &mut Rng,
    is_plain: impl Fn(usize) -> bool,
) -> Option<SwapRecord> {
    let (n, seat_i) = (hands.len(), seat as usize);
    if kind >= K || seat_i >= n {
        return None;
    }
    let in_hands: u32 = (0..n)
        .filter(|&s| s != seat_i)
        .map(|s| hands[s].count(kind) as u32)
        .sum();
    let in_pile = draw
        .as_slice()
        .iter()
        .filter(|&&c| c as usize == kind)
        .count() as u32;
    let fillers: u32 = hands[seat_i]
        .iter()
        .filter(|&(k, _)| k != kind && is_plain(k))
        .map(|(_, c)| c as u32)
        .sum();
    if in_hands + in_pile == 0 || fillers == 0 {
        return None;
    }
    // Both picks are made before anything moves.
    let mut pick = rng.below(in_hands + in_pile);
    let mut f = rng.below(fillers);
    let filler = hands[seat_i]
        .iter()
        .filter(|&(k, _)| k != kind && is_plain(k))
        .find(|&(_, c)| {
            if f < c as u32 {
                true
            } else {
                f -= c as u32;
                false
            }
        })
        .map(|(k, _)| k)
        .expect("filler index within the count");
    let source = if pick < in_hands {
        let from = (0..n)
            .filter(|&s| s != seat_i)
            .find(|&s| {
                let c = hands[s].count(kind) as u32;
                if pick < c {
                    true
                } else {
                    pick -= c;
                    false
                }
            })
            .expect("source index within the count");
        hands[from].remove(kind);
        hands[from].add(filler);
        SwapSource::Hand(from as Seat)
    } else {
        pick -= in_hands;
        let pos = draw
            .as_slice()
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c as usize == kind)
            .nth(pick as usize)
            .map(|(i, _)| i)
            .expect("pile index within the count");
        draw.replace(pos, filler as u16);
        SwapSource::DrawPile
    };
    hands[seat_i].remove(filler);
    hands[seat_i].add(kind);
    Some(SwapRecord { filler, source })
}
