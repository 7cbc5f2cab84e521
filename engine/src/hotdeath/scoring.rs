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

/// Steps 1–5 for one hand of cards with `opponents` opponents at the table.
pub fn raw_score(h: &HdHand, opponents: i32) -> i32 {
    let mut sum = 0i32;
    let mut best_other = i32::MIN;
    let mut highest_number: Option<i32> = None;
    for (k, c) in h.iter() {
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
        let _ = c;
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
