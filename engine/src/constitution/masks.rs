//! Per-kind bitmask tables (bit `k` of a `u128` for kind `k`): which kinds match a
//! reference, and which could jump in on a card, so legal actions and the jump-in window are
//! word operations over a hand's presence mask instead of a walk over its kinds. Built at
//! compile time (a `static`, so a use is a plain load, with no run-time initialisation check).

use super::cards::*;

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
    /// Per reference kind: what matches it by suit or text, the 69 rule included, outside War
    /// and the Apocalypse (`match_mask`'s part that depends on the reference's kind).
    pub by_ref: [u128; NUM_KINDS],
}

/// The tables.
static MASKS: Masks = build();

#[inline(always)]
pub(crate) fn masks() -> &'static Masks {
    &MASKS
}

/// Whether `t` is `u` (`Text`'s `==` in a `const fn`).
const fn is(t: Text, u: Text) -> bool {
    t as u8 == u as u8
}

/// A defence's text: a card with it may answer an attack (with the stacking families, the
/// `respond` mask).
const fn defends(t: Text) -> bool {
    matches!(
        t,
        Text::Dodge | Text::FuckYou | Text::Ftpip | Text::HolyDefender | Text::Aids | Text::Magic5
    )
}

const fn build() -> Masks {
    let f = build_facts();
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
        by_ref: [0; NUM_KINDS],
    };
    let mut k = 0;
    while k < NUM_KINDS {
        let b = 1u128 << k;
        let (c, s, t) = (f.color[k], f.suit[k], f.text[k]);
        if c < 4 {
            m.color[c as usize] |= b;
        }
        m.suit[s as usize] |= b;
        if !is(t, Text::None) {
            m.text[t as usize] |= b;
        }
        if s >= WILD_SUIT {
            m.wild |= b;
        }
        if matches!(t, Text::FuckYou | Text::Magic5) {
            m.any |= b;
        }
        if is(t, Text::Ftpip) {
            m.ftpip |= b;
        }
        // `stack_value(k).0 != 0` (a stacking family), or a defence's text.
        let stacks = (is(t, Text::None) && (s == DRAW_TWO || s == WILD_DRAW_FOUR_SUIT))
            || matches!(t, Text::Harvester | Text::DelayedBlast | Text::HotDeath);
        if stacks || defends(t) {
            m.respond |= b;
        }
        k += 1;
    }
    let mut r = 0;
    while r < NUM_KINDS {
        let (s, t) = (f.suit[r], f.text[r]);
        let mut out = m.suit[s as usize];
        if is(t, Text::SixtyNine) {
            out |= m.suit[6] | m.suit[9];
        }
        if s == 6 || s == 9 {
            out |= m.text[Text::SixtyNine as usize];
        }
        if !is(t, Text::None) {
            out |= m.text[t as usize];
        }
        m.by_ref[r] = out;
        r += 1;
    }
    let mut j = 0;
    while j < NUM_KINDS {
        let (tj, cj, sj) = (f.text[j], f.color[j], f.suit[j]);
        let mut k = 0;
        while k < NUM_KINDS {
            let (tk, ck, sk) = (f.text[k], f.color[k], f.suit[k]);
            let b = 1u128 << k;
            // L118: a 69 and the same colour's 6s and 9s.
            let sixty_nine = ck == cj
                && ((is(tj, Text::SixtyNine) && is(tk, Text::None) && (sk == 6 || sk == 9))
                    || (is(tk, Text::SixtyNine) && is(tj, Text::None) && (sj == 6 || sj == 9)));
            // FTPIP never jumps in (it is played only in response, C43).
            if is(tk, Text::Ftpip) {
            } else if k == j || sixty_nine {
                m.jump_exact[j] |= b;
            } else if sk == sj && ((is(tk, tj) && ck != cj) || (ck == cj && !is(tk, tj))) {
                m.jump_near[j] |= b;
            }
            k += 1;
        }
        j += 1;
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn respond_is_stacking_or_a_defence() {
        for k in 0..NUM_KINDS as u8 {
            let t = text_of(k);
            let want = super::super::attack::stack_value(k).0 != 0 || defends(t);
            assert_eq!(masks().respond >> k & 1 != 0, want, "kind {k}");
            assert_eq!(masks().wild >> k & 1 != 0, is_wild(k), "kind {k}");
        }
    }

    #[test]
    fn by_ref_is_suit_text_and_the_69_rule() {
        // Section 6's tests on the reference's suit and text, kind by kind.
        let m = masks();
        for r in 0..NUM_KINDS as u8 {
            let (s, t) = (suit_of(r), text_of(r));
            let mut want = m.suit[s as usize];
            if t == Text::SixtyNine {
                want |= m.suit[6] | m.suit[9];
            }
            if s == 6 || s == 9 {
                want |= m.text[Text::SixtyNine as usize];
            }
            if t != Text::None {
                want |= m.text[t as usize];
            }
            assert_eq!(m.by_ref[r as usize], want, "kind {r}");
        }
    }
}
