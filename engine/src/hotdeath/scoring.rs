//! Scoring a Hot Death hand (`docs/rules/hot-death.md`, "Scoring"). Lower is better.
//!
//! Per player, in this order:
//! 1. the sum of the cards' points (Spreader: 20 × opponents; Penn State: the highest point value
//!    among the other cards; Mystery Draw: 10 × the highest number card, Magic 5 counting −5 and
//!    the cards with special scoring (Fucker, Holy Defender, Shitter, Penn State, Sixty Nine) not
//!    counting, or 10 without a number card; Magic 5: −5);
//! 2. Quitter and Fucker together: the two are worth 1000 instead of their own values;
//! 3. Sixty Nine held: the total becomes 69 (then 4–6 still apply, Magic 5 as −5);
//! 4. Fucker held (not with the Quitter): doubled;
//! 5. Holy Defender held: halved, rounded up (−5 → −2);
//! 6. Shitter held: the highest score of the hand (from steps 1–5, over every player) unless the
//!    holder's own score is that highest;
//! 7. A.I.D.S.: each copy held infects the holder once more; every infection takes 10 off this
//!    and every later hand the player does not win.
//!
//! The hand's winner (or the holder of the four bastard cards) scores 0.

use super::cards::*;
use super::state::{HdHand, HotDeathState};
use crate::game::MAX_PLAYERS;

/// Step 1's plain points by kind: `base_points`, with 0 for the kinds valued by the hand (the
/// Spreaders, the Penn State and the Mystery Draw are added separately).
static SUM_POINTS: [i32; NUM_KINDS] = {
    let mut t = [0i32; NUM_KINDS];
    let mut k = 0;
    while k < NUM_KINDS {
        t[k] = match k as u8 {
            60..=63 | PENN_STATE | MYSTERY_DRAW => 0,
            _ => base_points(k),
        };
        k += 1;
    }
    t
};

/// By number 0–9, the kinds that count as that number for the Mystery Draw: number cards,
/// special number cards included, except the Magic 5 (−5, apart) and the cards with special
/// scoring (Fucker, Holy Defender, Shitter, Penn State, Sixty Nine).
static MYSTERY_NUMBERS: [u128; 10] = {
    let mut t = [0u128; 10];
    let mut k = 0;
    while k < NUM_KINDS {
        let num = kind_facts(k).number;
        let special = matches!(
            k as u8,
            FUCKER | HOLY_DEFENDER | SHITTER | PENN_STATE | SIXTY_NINE | MAGIC_5
        );
        if num != NO_NUMBER && !special {
            t[num as usize] |= 1u128 << k;
        }
        k += 1;
    }
    t
};

/// Steps 1–5 for one hand of cards with `opponents` opponents at the table.
pub fn raw_score(h: &HdHand, opponents: i32) -> i32 {
    let held = (h.mask(0) as u128) | ((h.mask(1) as u128) << 64);
    let counts = h.counts();
    let has = |k: u8| held & (1u128 << k) != 0;
    // Step 1: a dot product over the kinds (no branch per card), then the kinds valued by
    // the hand.
    let mut sum: i32 = counts
        .iter()
        .zip(SUM_POINTS.iter())
        .map(|(&c, &p)| c as i32 * p)
        .sum();
    let spreaders: i32 = counts[SPREADER as usize..SPREADER as usize + 4]
        .iter()
        .map(|&c| c as i32)
        .sum();
    sum += 20 * opponents * spreaders;
    let mystery = if has(MYSTERY_DRAW) {
        // 10 × the highest number card: the Magic 5 counts −5; 10 without a number card.
        let mut present = 0u32;
        for (n, m) in MYSTERY_NUMBERS.iter().enumerate() {
            present |= ((held & m != 0) as u32) << n;
        }
        let highest = if present != 0 {
            31 - present.leading_zeros() as i32
        } else if has(MAGIC_5) {
            -5
        } else {
            1
        };
        let v = 10 * highest;
        sum += v * counts[MYSTERY_DRAW as usize] as i32;
        v
    } else {
        0
    };
    // Step 2: the Quitter and the Fucker together are worth 1000 instead of their values.
    let quitter_fucker = has(QUITTER) && has(FUCKER);
    if quitter_fucker {
        sum -= base_points(QUITTER as usize) * counts[QUITTER as usize] as i32;
        sum -= base_points(FUCKER as usize) * counts[FUCKER as usize] as i32;
    }
    if has(PENN_STATE) {
        // The highest value among the other cards (0 alone).
        let mut best: Option<i32> = None;
        for (k, _) in h.iter() {
            let v = match k as u8 {
                PENN_STATE => continue,
                MYSTERY_DRAW => mystery,
                60..=63 => 20 * opponents,
                QUITTER | FUCKER if quitter_fucker => 0,
                _ => base_points(k),
            };
            best = Some(best.map_or(v, |b| b.max(v)));
        }
        sum += best.unwrap_or(0) * counts[PENN_STATE as usize] as i32;
    }
    if quitter_fucker {
        sum += 1000;
    }
    // Steps 3–5.
    if has(SIXTY_NINE) {
        sum = 69;
        if has(MAGIC_5) {
            sum -= 5;
        }
    }
    if has(FUCKER) && !quitter_fucker {
        sum *= 2;
    }
    if has(HOLY_DEFENDER) {
        sum = (sum + 1).div_euclid(2);
    }
    sum
}

/// Every player's score for the hand that just ended (`winner` scores 0), and the A.I.D.S.
/// infections it adds (applied to `st`).
pub(crate) fn hand_scores(st: &mut HotDeathState, winner: Option<u8>) -> [i32; MAX_PLAYERS] {
    let n = st.n as usize;
    let opponents = n as i32 - 1;
    let mut pts = [0i32; MAX_PLAYERS];
    for (s, p) in pts.iter_mut().enumerate().take(n) {
        *p = if Some(s as u8) == winner {
            0
        } else {
            raw_score(&st.hands[s], opponents)
        };
    }
    let top = pts[..n].iter().copied().max().unwrap_or(0);
    for (s, p) in pts.iter_mut().enumerate().take(n) {
        // Fix: every A.I.D.S. held at the end of a hand infects its holder (decisions, step
        // 8), the hand's winner included: a last player standing or the bastard-card holder
        // may hold one. The winner only escapes this hand's -10 ("every ... hand you lose").
        st.infections[s] = st.infections[s].saturating_add(st.hands[s].count(AIDS as usize));
        if Some(s as u8) == winner {
            continue;
        }
        if st.hands[s].has(SHITTER as usize) && *p < top {
            *p = top;
        }
        *p -= 10 * st.infections[s] as i32;
    }
    pts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(kinds: &[u8]) -> HdHand {
        let mut h = HdHand::new();
        for &k in kinds {
            h.add(k as usize);
        }
        h
    }

    /// The straightforward reading of steps 1–5 (a loop over the cards held): the oracle
    /// `raw_score` is checked against.
    fn raw_score_by_loop(h: &HdHand, opponents: i32) -> i32 {
        let mut sum = 0i32;
        let mut best_other = i32::MIN;
        let mut highest_number: Option<i32> = None;
        for (k, _) in h.iter() {
            let kind = k as u8;
            let num = number_of(kind);
            // Cards with special scoring are not counted as number cards here.
            let special = matches!(
                kind,
                FUCKER | HOLY_DEFENDER | SHITTER | PENN_STATE | SIXTY_NINE
            );
            if num != NO_NUMBER && !special {
                let v = if kind == MAGIC_5 { -5 } else { num as i32 };
                highest_number = Some(highest_number.map_or(v, |h: i32| h.max(v)));
            }
        }
        let quitter_fucker = h.has(QUITTER as usize) && h.has(FUCKER as usize);
        for (k, c) in h.iter() {
            let kind = k as u8;
            let v = match kind {
                PENN_STATE => continue,
                MYSTERY_DRAW => 10 * highest_number.unwrap_or(1),
                60..=63 => 20 * opponents,
                QUITTER | FUCKER if quitter_fucker => 0,
                _ => base_points(k),
            };
            sum += v * c as i32;
            best_other = best_other.max(v);
        }
        if h.has(PENN_STATE as usize) {
            let v = if best_other == i32::MIN {
                0
            } else {
                best_other
            };
            sum += v * h.count(PENN_STATE as usize) as i32;
        }
        if quitter_fucker {
            sum += 1000;
        }
        if h.has(SIXTY_NINE as usize) {
            sum = 69;
            if h.has(MAGIC_5 as usize) {
                sum -= 5;
            }
        }
        if h.has(FUCKER as usize) && !quitter_fucker {
            sum *= 2;
        }
        if h.has(HOLY_DEFENDER as usize) {
            sum = (sum + 1).div_euclid(2);
        }
        sum
    }

    /// The table-driven `raw_score` agrees with the loop over the cards on random hands: every
    /// kind, up to 40 cards, 1 to 7 opponents, the conditional kinds often.
    #[test]
    fn raw_score_matches_the_loop_over_the_cards() {
        let mut rng = crate::Rng::new(99);
        let conditional = [
            PENN_STATE,
            MYSTERY_DRAW,
            MAGIC_5,
            SIXTY_NINE,
            FUCKER,
            QUITTER,
            HOLY_DEFENDER,
            SHITTER,
            SPREADER,
        ];
        for _ in 0..200_000 {
            let mut h = HdHand::new();
            for _ in 0..rng.below(41) {
                let k = if rng.below(3) == 0 {
                    conditional[rng.below(conditional.len() as u32) as usize]
                } else {
                    rng.below(NUM_KINDS as u32) as u8
                };
                h.add(k as usize);
            }
            let opponents = 1 + rng.below(7) as i32;
            assert_eq!(
                raw_score(&h, opponents),
                raw_score_by_loop(&h, opponents),
                "{h:?}"
            );
        }
    }

    #[test]
    fn scoring_cases() {
        // Plain cards: face values and action cards.
        assert_eq!(
            raw_score(&hand(&[kind_of(0, 7), kind_of(1, 10), WILD]), 3),
            7 + 20 + 40
        );
        // Spreader: 20 per opponent.
        assert_eq!(raw_score(&hand(&[SPREADER + 1]), 3), 60);
        // Penn State = the highest other card.
        assert_eq!(
            raw_score(&hand(&[PENN_STATE, HOT_DEATH, kind_of(0, 3)]), 3),
            100 + 3 + 100
        );
        assert_eq!(raw_score(&hand(&[PENN_STATE]), 3), 0);
        // Mystery Draw: 10 × highest number; 10 without numbers; Magic 5 alone: −50.
        assert_eq!(raw_score(&hand(&[MYSTERY_DRAW, kind_of(2, 8)]), 3), 80 + 8);
        assert_eq!(raw_score(&hand(&[MYSTERY_DRAW, WILD]), 3), 10 + 40);
        assert_eq!(raw_score(&hand(&[MYSTERY_DRAW, MAGIC_5]), 3), -50 - 5);
        // The seed's puzzle: Magic 5 + Mystery Draw + Fucker = −110.
        assert_eq!(raw_score(&hand(&[MYSTERY_DRAW, MAGIC_5, FUCKER]), 3), -110);
        // Sixty Nine: 69 whatever else; with Magic 5, 64; doubled by the Fucker.
        assert_eq!(raw_score(&hand(&[SIXTY_NINE, HOT_DEATH, DRAW_FOUR]), 3), 69);
        assert_eq!(raw_score(&hand(&[SIXTY_NINE, MAGIC_5]), 3), 64);
        assert_eq!(raw_score(&hand(&[SIXTY_NINE, FUCKER]), 3), 138);
        // Holy Defender halves, rounding up; a negative total rises.
        assert_eq!(raw_score(&hand(&[HOLY_DEFENDER, kind_of(0, 9)]), 3), 5);
        assert_eq!(raw_score(&hand(&[HOLY_DEFENDER, MAGIC_5]), 3), -2);
        // Quitter + Fucker: 1000 (no doubling), plus the rest.
        assert_eq!(raw_score(&hand(&[QUITTER, FUCKER]), 3), 1000);
        assert_eq!(raw_score(&hand(&[QUITTER, FUCKER, kind_of(0, 4)]), 3), 1004);
        assert_eq!(raw_score(&hand(&[QUITTER]), 3), 100);
        // M.A.D., Glasnost, Luck 75; A.I.D.S. 3; Harvester 0; Shitter 0.
        assert_eq!(
            raw_score(&hand(&[MAD, GLASNOST, LUCK, AIDS, HARVESTER, SHITTER]), 3),
            228
        );
    }
}
