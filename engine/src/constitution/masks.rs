//! Per-kind bitmask tables (bit `k` of a `u128` for kind `k`): which kinds match a
//! reference, and which could jump in on a card, so legal actions and the jump-in window are
//! word operations over a hand's presence mask instead of a walk over its kinds.

use super::cards::*;
use std::sync::OnceLock;

pub(crate) struct Masks {
    pub color: [u128; 5],
    pub suit: [u128; 15],
    pub text: [u128; NUM_TEXTS],
    pub wild: u128,
    /// Fuck You and Magic 5: playable on any card.
    pub any: u128,
    pub ftpip: u128,
    /// The kinds `response_of` may accept: a stacking family, or a defence's text.
    pub respond: u128,
    /// Per kind: the kinds that jump in on it as identical (the kind itself, the 69 rule).
    pub jump_exact: [u128; NUM_KINDS],
    /// Per kind: the near kinds of a wrong jump-in (C35).
    pub jump_near: [u128; NUM_KINDS],
}

pub(crate) fn masks() -> &'static Masks {
    static M: OnceLock<Masks> = OnceLock::new();
    M.get_or_init(|| {
        let mut m = Masks {
            color: [0; 5],
            suit: [0; 15],
            text: [0; NUM_TEXTS],
            wild: 0,
            any: 0,
            ftpip: 0,
            respond: 0,
            jump_exact: [0; NUM_KINDS],
            jump_near: [0; NUM_KINDS],
        };
        for k in 0..NUM_KINDS as u8 {
            let b = 1u128 << k;
            let (c, s, t) = (color_of(k), suit_of(k), text_of(k));
            if c < 4 {
                m.color[c as usize] |= b;
            }
            m.suit[s as usize] |= b;
            if t != Text::None {
                m.text[t as usize] |= b;
            }
            if is_wild(k) {
                m.wild |= b;
            }
            if matches!(t, Text::FuckYou | Text::Magic5) {
                m.any |= b;
            }
            if t == Text::Ftpip {
                m.ftpip |= b;
            }
            if super::attack::stack_value(k).0 != 0
                || matches!(
                    t,
                    Text::Dodge
                        | Text::FuckYou
                        | Text::Ftpip
                        | Text::HolyDefender
                        | Text::Aids
                        | Text::Magic5
                )
            {
                m.respond |= b;
            }
        }
        for j in 0..NUM_KINDS as u8 {
            let (tj, cj, sj) = (text_of(j), color_of(j), suit_of(j));
            for k in 0..NUM_KINDS as u8 {
                let (tk, ck, sk) = (text_of(k), color_of(k), suit_of(k));
                // FTPIP never jumps in (it is played only in response, C43).
                if tk == Text::Ftpip {
                    continue;
                }
                let b = 1u128 << k;
                // L118: a 69 and the same colour's 6s and 9s.
                let sixty_nine = ck == cj
                    && ((tj == Text::SixtyNine && tk == Text::None && (sk == 6 || sk == 9))
                        || (tk == Text::SixtyNine && tj == Text::None && (sj == 6 || sj == 9)));
                if k == j || sixty_nine {
                    m.jump_exact[j as usize] |= b;
                } else if sk == sj && ((tk == tj && ck != cj) || (ck == cj && tk != tj)) {
                    m.jump_near[j as usize] |= b;
                }
            }
        }
        m
    })
}
