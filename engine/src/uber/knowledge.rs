//! What each Über Uno player knows of the others' hands (`docs/rules/uber.md` section 17).
//!
//! Per observer and holder, a lower bound per kind of the cards the observer knows are in the
//! holder's hand. Every bound is a fact: `known[o][h][k] <= hands[h].count(k)` at every point
//! (`Knowledge::consistent`). Bounds grow when cards are seen (a hand given away in an
//! exchange, a gift, a shown hand, a public hand-over or pick), move with a hand that changes
//! seats, and shrink when the holder loses cards: a public play lowers the played kind's bound
//! by one for every observer, a card leaving face down lowers every kind's bound by one for an
//! observer who did not see it. Besides the hands, who knows the cards put under the draw pile
//! (a Russian or upperdecker flip: everyone, at a known place; a Yellow One's exchanged hand:
//! its old holder, as a set, not its order).
//!
//! A flat, fixed-size `Copy` struct inside `UberState` (no heap); the state calls the hooks
//! below at the few places where cards change hands.

use super::cards::{MAX_CARDS, NUM_KINDS, WILD_DRAW_FOUR};
use super::state::UberHand;
use crate::game::MAX_PLAYERS;

/// `Knowledge::bottom_knower`: nobody knows the card (or only the seat that drew a card above
/// it from the same block, which is not tracked).
pub const NOBODY: u8 = 0xff;
/// `Knowledge::bottom_knower`: a flipped card, known to everyone at its place.
pub const EVERYONE: u8 = 0xfe;

#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Knowledge {
    /// `known[o][h][k]`: copies of kind `k` observer `o` knows are in seat `h`'s hand (zero
    /// for `o == h`: a seat sees its own hand).
    known: [[[u8; NUM_KINDS]; MAX_PLAYERS]; MAX_PLAYERS],
    /// Who knows each card of `UberState::bottom` (same index): `EVERYONE`, a seat (a block
    /// of its own exchanged hand: the kinds of the run of its slots, not their order), or
    /// `NOBODY`. Meaningful below `bottom_len` only.
    bottom: [u8; MAX_CARDS],
    /// The colour in play before the last Major was played (public; decides its guilt, R13).
    pub(crate) major_color: u8,
    /// Seats at the table (observers and holders beyond stay zero).
    n: u8,
    /// The rows are not kept (`Knowledge::rows_off`): random play (`UberState::random_playout`)
    /// reads no seat's knowledge, so the hooks leave `known` as it is; the cards under the
    /// pile's knowers and `major_color` are kept either way.
    rows_off: bool,
}

impl Knowledge {
    /// Nothing known, at a table of `players`.
    pub const fn new(players: usize) -> Self {
        Knowledge {
            known: [[[0; NUM_KINDS]; MAX_PLAYERS]; MAX_PLAYERS],
            bottom: [NOBODY; MAX_CARDS],
            major_color: 0,
            n: players as u8,
            rows_off: false,
        }
    }

    /// The observers' rows at the table.
    #[inline]
    fn rows(&mut self) -> impl Iterator<Item = (usize, &mut [[u8; NUM_KINDS]; MAX_PLAYERS])> {
        self.known.iter_mut().take(self.n as usize).enumerate()
    }

    // ---- read access ----

    /// The cards `observer` knows are in `holder`'s hand (all zero for the holder itself).
    #[inline]
    pub fn known(&self, observer: usize, holder: usize) -> &[u8; NUM_KINDS] {
        &self.known[observer][holder]
    }

    /// Who knows the card at `UberState::bottom[i]` (`EVERYONE`, a seat or `NOBODY`).
    #[inline]
    pub fn bottom_knower(&self, i: usize) -> u8 {
        self.bottom[i]
    }

    /// Every bound is a fact about `hands`.
    pub fn consistent(&self, hands: &[UberHand; MAX_PLAYERS]) -> Result<(), String> {
        for o in 0..MAX_PLAYERS {
            for (h, hand) in hands.iter().enumerate() {
                for k in 0..NUM_KINDS {
                    let b = self.known[o][h][k];
                    if b > hand.count(k) || (o == h && b > 0) {
                        return Err(format!(
                            "seat {o} knows {b} of kind {k} in seat {h}'s hand, which holds {}",
                            hand.count(k)
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// Stops (`true`) or resumes keeping the rows `known` (see `rows_off`). While they are
    /// off every hook leaves them as they are, stale: random play turns them off for the rest
    /// of the day.
    #[inline]
    pub(crate) fn set_rows_off(&mut self, off: bool) {
        self.rows_off = off;
    }

    // ---- hooks (called by the state machine) ----

    /// A new hand: nothing is known.
    pub(crate) fn reset(&mut self) {
        // As `*self = Self::new(n)`: the bounds beyond the table's seats are zero already.
        let n = self.n as usize;
        if !self.rows_off {
            for row in self.known.iter_mut().take(n) {
                row[..n].fill([0; NUM_KINDS]);
            }
        }
        self.bottom = [NOBODY; MAX_CARDS];
        self.major_color = 0;
    }

    /// `kind` is played: the colour before a Major decides its guilt.
    #[inline]
    pub(crate) fn note_play(&mut self, kind: u8, color: u8) {
        if kind == WILD_DRAW_FOUR {
            self.major_color = color;
        }
    }

    /// `seat` lays `kind` face up (a play, a block, an add, a pair's discards).
    #[inline]
    pub(crate) fn played(&mut self, seat: u8, kind: u8) {
        if self.rows_off {
            return;
        }
        for o in 0..self.n as usize {
            let b = &mut self.known[o][seat as usize][kind as usize];
            *b = b.saturating_sub(1);
        }
    }

    /// `seat` takes `kind` into the hand face up (the Green One's pick, the Yellow One's drawn
    /// card on a stack, the turned Green One).
    pub(crate) fn gained(&mut self, seat: u8, kind: u8) {
        if self.rows_off {
            return;
        }
        for (o, row) in self.rows() {
            if o != seat as usize {
                row[seat as usize][kind as usize] += 1;
            }
        }
    }

    /// A public hand-over (Go Fish): `kind` goes from `from` to `to` face up.
    pub(crate) fn moved(&mut self, from: u8, to: u8, kind: u8) {
        self.played(from, kind);
        self.gained(to, kind);
    }

    /// Everyone sees that `seat` holds `kind` (a thrown Fast Eddy, which a won tap sends back
    /// to the hand).
    pub(crate) fn shown_all(&mut self, seat: u8, kind: u8) {
        self.shown_all_n(seat, kind, 1);
    }

    /// Everyone sees that `seat` holds `n` copies of `kind` (a Math Eddy's operands, R72).
    pub(crate) fn shown_all_n(&mut self, seat: u8, kind: u8, n: u8) {
        if self.rows_off {
            return;
        }
        for (o, row) in self.rows() {
            if o != seat as usize {
                let b = &mut row[seat as usize][kind as usize];
                *b = (*b).max(n);
            }
        }
    }

    /// `observer` sees one `kind` of `seat`'s (the Red One's shown card, R32).
    pub(crate) fn shown(&mut self, observer: u8, seat: u8, kind: u8) {
        if self.rows_off {
            return;
        }
        let b = &mut self.known[observer as usize][seat as usize][kind as usize];
        *b = (*b).max(1);
    }

    /// `observer` sees `seat`'s whole hand (a challenge; a leak's compensation, R15).
    pub(crate) fn show_hand(&mut self, observer: u8, seat: u8, hands: &[UberHand; MAX_PLAYERS]) {
        if self.rows_off {
            return;
        }
        if observer != seat {
            self.known[observer as usize][seat as usize] = *hands[seat as usize].counts();
        }
    }

    /// `kind` goes face down from `from` to `to` (the Red One's gift, a compensation): both
    /// know it; every other observer only knows that some card left `from`.
    pub(crate) fn private_move(&mut self, from: u8, to: u8, kind: u8) {
        if self.rows_off {
            return;
        }
        let (f, t) = (from as usize, to as usize);
        for (o, row) in self.rows() {
            if o == t {
                let b = &mut row[f][kind as usize];
                *b = b.saturating_sub(1);
            } else if o == f {
                row[t][kind as usize] += 1;
            } else {
                for b in row[f].iter_mut() {
                    *b = b.saturating_sub(1);
                }
            }
        }
    }

    /// `a` and `b` exchanged hands (already swapped in `hands`): every bound moves with its
    /// hand, and each knows its old hand in its new place.
    pub(crate) fn exchanged(&mut self, a: u8, b: u8, hands: &[UberHand; MAX_PLAYERS]) {
        if self.rows_off {
            return;
        }
        let (a, b) = (a as usize, b as usize);
        for (_, row) in self.rows() {
            row.swap(a, b);
        }
        self.known[a][b] = *hands[b].counts();
        self.known[b][a] = *hands[a].counts();
        self.known[a][a] = [0; NUM_KINDS];
        self.known[b][b] = [0; NUM_KINDS];
    }

    /// Every hand moved `steps` seats (the Blue One, Rotate; already moved in `hands`).
    pub(crate) fn passed_hands(
        &mut self,
        steps: u8,
        clockwise: bool,
        hands: &[UberHand; MAX_PLAYERS],
    ) {
        if self.rows_off {
            return;
        }
        let n = self.n;
        let to = |s: usize| crate::game::seat_after(s as u8, steps, n, clockwise) as usize;
        // `row[to(s)] = row[s]` for every seat: a rotation of the table's seats.
        let r = steps as usize % n as usize;
        for (_, row) in self.rows() {
            if clockwise {
                row[..n as usize].rotate_right(r);
            } else {
                row[..n as usize].rotate_left(r);
            }
        }
        for s in 0..n as usize {
            let t = to(s);
            if t != s {
                self.known[s][t] = *hands[t].counts();
            }
            self.known[s][s] = [0; NUM_KINDS];
        }
    }

    /// The Yellow One: `seat`'s hand went under the draw pile, to `bottom[start..end]`. The
    /// old holder knows that block (not its order); what anyone knew of the hand is gone with
    /// it (the new hand is drawn face down).
    pub(crate) fn hand_to_bottom(&mut self, seat: u8, start: usize, end: usize) {
        if !self.rows_off {
            for (_, row) in self.rows() {
                row[seat as usize] = [0; NUM_KINDS];
            }
        }
        self.bottom[start..end].fill(seat);
    }

    /// A flipped card goes under the draw pile (`len` cards were there): everyone knows it.
    pub(crate) fn put_under(&mut self, len: usize) {
        self.bottom.copy_within(0..len, 1);
        self.bottom[0] = EVERYONE;
    }

    /// The card at `bottom[i]` (the top of the bottom) was drawn. If it came from a seat's
    /// block, that seat no longer knows the rest of the run for certain.
    pub(crate) fn bottom_drawn(&mut self, i: usize) {
        let w = self.bottom[i];
        self.bottom[i] = NOBODY;
        if w == EVERYONE || w == NOBODY {
            return;
        }
        for b in self.bottom[..i].iter_mut().rev() {
            if *b != w {
                break;
            }
            *b = NOBODY;
        }
    }

    // ---- the determinization ----

    /// Keeps `viewer`'s knowledge only (what others know is hidden from the viewer): every
    /// other observer's bounds become zero, and blocks under the pile known to another seat
    /// become unknown.
    pub(crate) fn keep_only(&mut self, viewer: usize, bottom_len: usize) {
        for (o, row) in self.rows() {
            if o != viewer {
                *row = [[0; NUM_KINDS]; MAX_PLAYERS];
            }
        }
        for (i, b) in self.bottom.iter_mut().enumerate() {
            if i >= bottom_len || (*b != EVERYONE && *b != viewer as u8) {
                *b = NOBODY;
            }
        }
    }
}

impl std::fmt::Debug for Knowledge {
    /// The non-zero bounds and the known cards under the pile only.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut m = f.debug_map();
        for (o, row) in self.known.iter().enumerate() {
            for (h, counts) in row.iter().enumerate() {
                if counts.iter().any(|&c| c > 0) {
                    let list: Vec<(usize, u8)> = counts
                        .iter()
                        .enumerate()
                        .filter(|(_, &c)| c > 0)
                        .map(|(k, &c)| (k, c))
                        .collect();
                    m.entry(&format_args!("{o} knows {h}"), &list);
                }
            }
        }
        let bottom: Vec<(usize, u8)> = self
            .bottom
            .iter()
            .enumerate()
            .filter(|(_, &b)| b != NOBODY)
            .map(|(i, &b)| (i, b))
            .collect();
        if !bottom.is_empty() {
            m.entry(&"bottom", &bottom);
        }
        m.entry(&"major_color", &self.major_color);
        m.finish()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::game::Game;
    use crate::rng::Rng;
    use crate::uber::action::*;
    use crate::uber::cards::*;
    use crate::uber::options::*;
    use crate::uber::state::*;
    use crate::uber::view::{BottomRun, HIDDEN_KIND};
    use crate::ActionList;

    /// A position: `players` seats, hands as codes, the top card, seat 0 to play (as in
    /// `uber/tests.rs`), the draw pile shuffled by `seed`.
    pub(crate) fn position(players: usize, hands: &[&str], top: &str, seed: u64) -> UberState {
        let mut st = UberState::empty(UberOptions::fixed(), players, seed);
        let mut used = [0u8; NUM_KINDS];
        for (s, h) in hands.iter().enumerate() {
            for code in h.split_whitespace() {
                let k = parse_card(code).unwrap_or_else(|| panic!("bad code {code}"));
                st.hands[s].add(k as usize);
                used[k as usize] += 1;
            }
        }
        let t = parse_card(top).unwrap();
        used[t as usize] += 1;
        st.discard.add(t as usize);
        st.top = t;
        st.color = color_of(t);
        let mut rng = Rng::new(seed);
        let mut rest = Vec::new();
        for (k, &u) in used.iter().enumerate() {
            for _ in u..st.deck[k] {
                rest.push(k as u16);
            }
        }
        // The pile's order depends on the seed (ordered, so that twins can differ in it).
        for i in (1..rest.len()).rev() {
            let j = rng.below(i as u32 + 1) as usize;
            rest.swap(i, j);
        }
        for &c in &rest {
            st.pile.push_top_ordered(c);
        }
        st.current = 0;
        st.phase = Phase::Turn;
        st.rules.addons = (1 << FAST_EDDY) | (1 << GO_FISH);
        st
    }

    pub(crate) fn act(st: &mut UberState, actions: &[u16]) {
        for &a in actions {
            st.apply(a)
                .unwrap_or_else(|e| panic!("{}: {e} at {:?}", action_name(a), st.phase()));
        }
    }

    pub(crate) fn play(code: &str) -> u16 {
        PLAY + kind(code) as u16
    }

    pub(crate) fn kind(code: &str) -> u8 {
        parse_card(code).unwrap()
    }

    /// The kinds of a count table, as sorted codes.
    pub(crate) fn codes(counts: &[u8; NUM_KINDS]) -> Vec<&'static str> {
        let mut v = Vec::new();
        for (k, &c) in counts.iter().enumerate() {
            for _ in 0..c {
                v.push(CARDS[k].code);
            }
        }
        v.sort();
        v
    }

    pub(crate) fn sorted(codes: &[&'static str]) -> Vec<&'static str> {
        let mut v = codes.to_vec();
        v.sort();
        v
    }

    fn known(st: &UberState, o: usize, h: usize) -> Vec<&'static str> {
        codes(st.knowledge().known(o, h))
    }

    const NONE: Vec<&'static str> = Vec::new();

    /// The option sets the random tests play: every add-on and mode, every source of knowledge
    /// made frequent.
    pub(crate) fn option_sets() -> Vec<UberOptions> {
        let all = preset(Some("all-addons")).unwrap();
        vec![
            UberOptions::default(),
            UberOptions {
                challenge_leak_probability: 1.0,
                red_show_probability: 0.5,
                ..all
            },
            UberOptions {
                mode: ModeRule::Buddy,
                macchu_picchu: AddOn::Off,
                picchu_macchu: AddOn::On,
                challenge_leak_probability: 0.5,
                ..all
            },
            UberOptions {
                mode: ModeRule::OldSchool,
                decks: 2,
                joker_count: 4,
                uber_count: 4,
                change_hands_count: 4,
                math: AddOn::Off,
                cards_gone_wild: AddOn::Off,
                challenge_leak_probability: 1.0,
                red_show_probability: 1.0,
                ..all
            },
        ]
    }

    /// Every bound stays a fact (`known <= held`) along random days of every option set, and
    /// knowledge of every source shows up.
    #[test]
    fn random_play_keeps_every_bound_a_fact() {
        let mut legal = ActionList::new();
        let mut seen_known = 0u64;
        for opts in option_sets() {
            for players in [2, 3, 4, 6, 10] {
                for seed in 0..6 {
                    let mut st = UberState::deal(opts, players, seed);
                    let mut rng = Rng::new(seed ^ 0x5eed);
                    while st.to_act().is_some() {
                        st.legal_actions(&mut legal);
                        let a = legal[rng.below(legal.len() as u32) as usize];
                        st.apply(a).unwrap();
                        if let Err(e) = st.know.consistent(&st.hands) {
                            panic!(
                                "after {} ({players} players, seed {seed}): {e}",
                                action_name(a)
                            );
                        }
                        let any = (0..players).any(|o| {
                            (0..players).any(|h| st.know.known(o, h).iter().any(|&c| c > 0))
                        });
                        seen_known += any as u64;
                    }
                }
            }
        }
        assert!(seen_known > 1000, "knowledge too rare: {seen_known}");
    }

    /// Über (6.1): each of the two knows its old hand in its new place; a third seat learns
    /// nothing.
    #[test]
    fn an_exchange_shows_each_old_hand_in_its_new_place() {
        let mut st = position(3, &["U R5 R6", "G7 G8 B2", "Y7 Y8"], "R3", 1);
        act(&mut st, &[play("U"), COLOR, TARGET + 1]);
        assert_eq!(codes(st.hand(1).counts()), sorted(&["R5", "R6"]));
        assert_eq!(known(&st, 0, 1), sorted(&["R5", "R6"]));
        assert_eq!(known(&st, 1, 0), sorted(&["G7", "G8", "B2"]));
        assert_eq!(known(&st, 2, 0), NONE);
        assert_eq!(known(&st, 2, 1), NONE);
        assert_eq!(known(&st, 0, 0), NONE, "nobody 'knows' their own hand");
        // Seat 1 plays R5: seat 0's bound drops with it.
        st.phase = Phase::Turn;
        st.current = 1;
        st.color = 0;
        act(&mut st, &[play("R5")]);
        assert_eq!(known(&st, 0, 1), vec!["R6"]);
        // The view shows the viewer's bounds only.
        assert_eq!(codes(&st.view(0).known[1]), vec!["R6"]);
        assert_eq!(codes(&st.view(2).known[1]), NONE);
        assert_eq!(codes(&st.view(1).known[0]), sorted(&["G7", "G8", "B2"]));
    }

    /// A second exchange moves the bounds with the hands.
    #[test]
    fn bounds_move_with_their_hand() {
        let mut st = position(3, &["U R5 R6", "G7 G8 B2", "CH Y7 Y8"], "R3", 1);
        act(&mut st, &[play("U"), COLOR, TARGET + 1]);
        // Seat 2 exchanges with seat 1 (who holds seat 0's old hand) by Change Hands.
        st.phase = Phase::Turn;
        st.current = 2;
        act(&mut st, &[play("CH"), COLOR, TARGET + 1]);
        assert_eq!(
            known(&st, 0, 2),
            sorted(&["R5", "R6"]),
            "seat 0's old hand is at 2 now"
        );
        assert_eq!(known(&st, 0, 1), NONE);
        assert_eq!(known(&st, 2, 1), sorted(&["Y7", "Y8"]));
        assert_eq!(known(&st, 1, 2), sorted(&["R5", "R6"]));
        assert_eq!(known(&st, 1, 0), sorted(&["G7", "G8", "B2"]));
    }

    /// The Blue One (9.2): every hand passes a seat; each old holder knows its old hand.
    #[test]
    fn a_blue_one_pass_is_known_to_each_old_holder() {
        let mut st = position(3, &["B1 R5 R6", "G7 G8", "Y7 Y8 Y9"], "R3", 1);
        act(&mut st, &[play("B1")]);
        assert_eq!(codes(st.hand(1).counts()), sorted(&["R5", "R6"]));
        assert_eq!(known(&st, 0, 1), sorted(&["R5", "R6"]));
        assert_eq!(known(&st, 1, 2), sorted(&["G7", "G8"]));
        assert_eq!(known(&st, 2, 0), sorted(&["Y7", "Y8", "Y9"]));
        assert_eq!(known(&st, 0, 2), NONE);
        assert_eq!(known(&st, 1, 0), NONE);
        assert_eq!(known(&st, 2, 1), NONE);
    }

    /// The Red One (9.2, R32): the gift is known to giver and receiver; a third seat only
    /// knows a card left the giver.
    #[test]
    fn a_red_one_gift_is_known_to_giver_and_receiver() {
        let mut st = position(3, &["R1 R5 R6 G2", "G7 G8", "Y7 Y8"], "R3", 1);
        st.opts.red_show_probability = 0.0;
        let hands = st.hands;
        st.know.show_hand(2, 0, &hands);
        act(&mut st, &[play("R1"), TARGET + 1, GIVE + kind("R5") as u16]);
        assert_eq!(known(&st, 0, 1), vec!["R5"]);
        assert_eq!(known(&st, 2, 1), NONE, "the table does not see it");
        assert_eq!(known(&st, 1, 0), NONE);
        // Seat 2 knew R5 R6 G2 (R1 was played face up): one card left face down.
        assert_eq!(known(&st, 2, 0), NONE);

        // Shown (R32): the receiver sees it, denies it; it stays known in the giver's hand.
        let mut st = position(3, &["R1 R5 R5 R6 G2", "G7 G8", "Y7 Y8"], "R3", 1);
        st.opts.red_show_probability = 1.0;
        let hands = st.hands;
        st.know.show_hand(2, 0, &hands);
        act(&mut st, &[play("R1"), TARGET + 1, GIVE + kind("R5") as u16]);
        assert_eq!(known(&st, 1, 0), vec!["R5"]);
        let Phase::Gift { kind: k, .. } = st.view(2).phase else {
            panic!("the gift phase")
        };
        assert_eq!(k, HIDDEN_KIND, "the table does not see the shown card");
        assert!(matches!(st.view(1).phase, Phase::Gift { kind: k, .. } if k == kind("R5")));
        act(&mut st, &[DENY]);
        assert_eq!(known(&st, 1, 0), vec!["R5"]);
        act(&mut st, &[GIVE + kind("G2") as u16]);
        assert_eq!(known(&st, 1, 0), vec!["R5"]);
        assert_eq!(known(&st, 0, 1), vec!["G2"]);
        assert_eq!(
            known(&st, 2, 0),
            vec!["R5"],
            "R5 R5 R6 G2 less one unseen card"
        );
    }

    /// A challenge (R14) shows the offender's hand to the challenger only; the penalty cards
    /// come face down.
    #[test]
    fn a_challenge_shows_the_offender_hand_to_the_challenger() {
        let mut st = position(3, &["W+4 R5 R6", "G5 G6", "B7 B8"], "R3", 1);
        st.opts.challenge_leak_probability = 0.0;
        act(&mut st, &[play("W+4"), COLOR + 2, CHALLENGE]);
        assert_eq!(st.hand(0).len(), 6, "guilty: the offender drew 4");
        assert_eq!(known(&st, 1, 0), sorted(&["R5", "R6"]));
        assert_eq!(known(&st, 2, 0), NONE);
        assert_eq!(known(&st, 0, 1), NONE);
    }

    /// A leak's compensation (R15): the challenged player sees the challenger's hand; a take
    /// is known to both, not to the table.
    #[test]
    fn a_compensation_take_shows_the_challenger_hand() {
        let mut st = position(3, &["W+4 G5 G6", "G7 G8", "B7 B8"], "R3", 1);
        st.opts.challenge_leak_probability = 1.0;
        act(&mut st, &[play("W+4"), COLOR + 2, CHALLENGE]);
        // Innocent: the challenger drew 6, then the leak.
        assert!(matches!(
            st.phase(),
            Phase::Compensate {
                offender: 0,
                challenger: 1
            }
        ));
        assert_eq!(st.hand(1).len(), 8);
        assert_eq!(
            st.know.known(0, 1),
            st.hand(1).counts(),
            "shown to the offender"
        );
        assert_eq!(
            known(&st, 1, 0),
            sorted(&["G5", "G6"]),
            "the challenge showed it"
        );
        assert_eq!(known(&st, 2, 1), NONE);
        let before = *st.hand(1);
        act(&mut st, &[TAKE + kind("G7") as u16]);
        assert_eq!(st.know.known(0, 1), st.hand(1).counts());
        assert_ne!(st.hand(1), &before);
        assert_eq!(known(&st, 1, 0), sorted(&["G5", "G6", "G7"]));
        assert_eq!(known(&st, 2, 0), NONE, "taken face down");
    }

    /// Go Fish (section 8, R28): a handed-over card is known to everyone.
    #[test]
    fn a_go_fish_hand_over_is_known_to_all() {
        let mut st = position(3, &["R0 R5 R6", "G7 G8", "B7 B8"], "R3", 1);
        act(&mut st, &[play("R0"), TARGET + 1, ASK + kind("G7") as u16]);
        assert!(st.hand(0).has(kind("G7") as usize));
        assert_eq!(known(&st, 1, 0), vec!["G7"]);
        assert_eq!(known(&st, 2, 0), vec!["G7"]);
        assert_eq!(known(&st, 0, 0), NONE);
        assert_eq!(
            known(&st, 0, 1),
            NONE,
            "the asker learns nothing more of the target"
        );
    }

    /// A Fast Eddy claim (7.2) shows the card: after a won deck tap everyone (the runner
    /// included) knows the claimant still holds it; after a lost tap it is played and the
    /// bound is gone.
    #[test]
    fn a_claimed_eddy_is_known_to_all_after_a_won_tap() {
        for (p, held) in [(1.0, vec!["R5"]), (0.0, NONE)] {
            let mut st = position(4, &["R5 G6 G7", "B7 B8", "R5 Y9 Y8", "G2 G3"], "R3", 1);
            st.opts.deck_tap_probability = p;
            act(&mut st, &[play("R5"), play("R5"), TAP]);
            assert_eq!(st.hand(2).has(kind("R5") as usize), p == 1.0);
            for o in [0, 1, 3] {
                assert_eq!(
                    known(&st, o, 2),
                    held,
                    "observer {o}, tap won: {}",
                    p == 1.0
                );
            }
            assert_eq!(known(&st, 2, 2), NONE);
        }
    }

    /// R72: a Math Eddy claim (11.2) lays its operands face up before the tap: after a won tap
    /// everyone knows the claimant still holds them (two copies of a kind count twice).
    #[test]
    fn a_math_eddy_claim_is_known_to_all_after_a_won_tap() {
        let hands = ["R6 G6 G7", "B7 B8", "R2 R3 R3 Y9", "G1 G2"];
        for (p, held) in [(1.0, vec!["R3", "R3"]), (0.0, NONE)] {
            let mut st = position(4, &hands, "R3", 1);
            st.rules.addons |= 1 << MATH;
            st.opts.deck_tap_probability = p;
            act(
                &mut st,
                &[play("R6"), MATH_START, play("R3"), OP, play("R3"), DONE],
            );
            assert_eq!(
                st.phase(),
                Phase::Tap {
                    claimant: 2,
                    kind: kind("R3")
                }
            );
            act(&mut st, &[TAP]);
            assert_eq!(st.hand(2).len(), if p == 1.0 { 4 } else { 2 });
            for o in [0, 1, 3] {
                assert_eq!(
                    known(&st, o, 2),
                    held,
                    "observer {o}, tap won: {}",
                    p == 1.0
                );
            }
        }
    }

    /// The Green One (9.2): the pick from the discard pile is public.
    #[test]
    fn a_green_one_pick_is_public() {
        let mut st = position(3, &["G1 R5 R6", "G7 G8", "B7 B8"], "R3", 1);
        st.discard.add(kind("B9") as usize);
        st.pile.clear();
        act(&mut st, &[play("G1"), TAKE + kind("B9") as u16]);
        assert_eq!(known(&st, 1, 0), vec!["B9"]);
        assert_eq!(known(&st, 2, 0), vec!["B9"]);
    }

    /// The Yellow One (9.2): the hand goes under the pile, known to its old holder there (as
    /// kinds, not order); nobody keeps a bound on the new hand.
    #[test]
    fn a_yellow_exchange_is_known_under_the_pile() {
        let mut st = position(3, &["Y1 R5 R6 G2", "G7 G8", "B7 B8"], "R3", 1);
        let hands = st.hands;
        st.know.show_hand(1, 0, &hands);
        act(&mut st, &[play("Y1")]);
        assert_eq!(st.bottom_len, 3);
        assert_eq!(known(&st, 1, 0), NONE);
        let mut own = UberHand::new();
        for c in ["R5", "R6", "G2"] {
            own.add(kind(c) as usize);
        }
        assert_eq!(st.view(0).bottom, vec![BottomRun::Own(own)]);
        assert_eq!(st.view(1).bottom, vec![BottomRun::Hidden(3)]);
    }

    /// Russian flips (10, R38) go under the pile face up: every view shows them in place.
    #[test]
    fn russian_flips_are_public() {
        let mut st = position(3, &["R1 R5 R6", "G7 G8", "B7 B8"], "R3", 3);
        st.rules.mode = Mode::Russian;
        act(&mut st, &[play("R1")]);
        assert!(st.bottom_len >= 1);
        let v = st.view(1).bottom;
        assert_eq!(v.len(), st.bottom_len as usize);
        for (i, run) in v.iter().enumerate() {
            let slot = st.bottom_len as usize - 1 - i;
            assert_eq!(run, &BottomRun::Public(st.bottom[slot]));
        }
        assert_eq!(st.view(0).bottom, v);
        assert_eq!(st.view(2).bottom, v);
    }

    /// Rotate (11.10): a Reverse moves every hand a seat; each old holder knows its old hand.
    #[test]
    fn a_rotation_is_known_to_each_old_holder() {
        let mut st = position(3, &["RR R5 R6", "G7 G8", "Y7 Y8 Y9"], "R3", 1);
        st.rules.addons |= 1 << ROTATE;
        act(&mut st, &[play("RR")]);
        // Counter-clockwise after the Reverse: seat 0's hand goes to seat 2.
        assert_eq!(codes(st.hand(2).counts()), sorted(&["R5", "R6"]));
        assert_eq!(known(&st, 0, 2), sorted(&["R5", "R6"]));
        assert_eq!(known(&st, 1, 0), sorted(&["G7", "G8"]));
        assert_eq!(known(&st, 2, 1), sorted(&["Y7", "Y8", "Y9"]));
        assert_eq!(known(&st, 0, 1), NONE);
    }

    /// Under the pile: flips are everyone's, a block its old holder's until a card of it is
    /// drawn.
    #[test]
    fn bottom_knowers_follow_the_cards() {
        let mut k = Knowledge::new(3);
        k.hand_to_bottom(1, 0, 3);
        k.put_under(3);
        assert_eq!(
            (0..4).map(|i| k.bottom_knower(i)).collect::<Vec<_>>(),
            vec![EVERYONE, 1, 1, 1]
        );
        k.bottom_drawn(3);
        assert_eq!(
            (0..4).map(|i| k.bottom_knower(i)).collect::<Vec<_>>(),
            vec![EVERYONE, NOBODY, NOBODY, NOBODY]
        );
        k.bottom_drawn(0);
        assert_eq!(k.bottom_knower(0), NOBODY);
    }

    /// Two positions that differ only in seat 1's and seat 2's unknown cards and in the draw
    /// pile's order: seat 0's views are the same; seat 1's and seat 2's differ.
    pub(crate) fn twins() -> (UberState, UberState) {
        let a = position(3, &["R5 R6 G2", "G7 G8 B3", "B7 B8"], "R3", 1);
        let b = position(3, &["R5 R6 G2", "B7 G8 B3", "G7 B8"], "R3", 2);
        (a, b)
    }

    #[test]
    fn the_view_hides_other_hands_and_the_pile_order() {
        let (a, b) = twins();
        assert_ne!(a.pile.as_slice(), b.pile.as_slice());
        let view = |st: &UberState, s| format!("{:?}", st.view(s));
        assert_eq!(view(&a, 0), view(&b, 0));
        assert_ne!(view(&a, 1), view(&b, 1));
        assert_ne!(view(&a, 2), view(&b, 2));
        // After an exchange seat 0 sees, what seats 1 and 2 know of each other stays hidden.
        let mut a = position(3, &["R5 R6 G2", "U G7 G8 B3", "B7 B8"], "R3", 1);
        let mut b = position(3, &["R5 R6 G2", "U B7 G8 B3", "G7 B8"], "R3", 2);
        for st in [&mut a, &mut b] {
            st.current = 1;
            act(st, &[play("U"), COLOR, TARGET + 2]);
        }
        assert_ne!(a.know.known(1, 2), b.know.known(1, 2));
        assert_eq!(view(&a, 0), view(&b, 0));
    }
}
