//! Who decides, what is legal, and applying a decision (`docs/rules/blender.md` sections 4,
//! 10, 11, 13): the turn, the card's own decisions, the UNO and jump-in windows, and the
//! resolution loop between decisions.

use super::action::*;
use super::cards::family;
use super::cards::{
    bit, colored, face, ident_mask, kinds, Sym, AFTER_DRAW, AFTER_STACK, HASH_NUMBERS, NO_NUMBER,
    NUM_KINDS, WILD, WORDS,
};
use super::effects::side;
use super::event::Event;
use super::state::{BlenderState, Phase, Res, StackKind, Stage, TargetWhy, NONE, NO_CARD};
use crate::action::{Action, LegalOut};
use crate::game::{seat_after, DecisionKind, EventSink};

/// The kinds identical to `k` when each family is one symbol (B2, option `symbol_families`):
/// the same colour, number and symbols up to the families, flex side included, modifiers aside.
fn family_ident_mask(k: usize) -> &'static [u64; WORDS] {
    static M: std::sync::OnceLock<Vec<[u64; WORDS]>> = std::sync::OnceLock::new();
    let all = M.get_or_init(|| {
        let key = |j: usize| {
            let kd = &kinds()[j];
            let side = |s: &super::cards::Side| (s.color, s.number, family(s.syms));
            (side(&kd.normal), kd.flex.as_ref().map(side))
        };
        (0..NUM_KINDS)
            .map(|k| {
                let mut m = [0u64; WORDS];
                for j in 0..NUM_KINDS {
                    if key(j) == key(k) {
                        m[j >> 6] |= 1 << (j & 63);
                    }
                }
                m
            })
            .collect()
    });
    &all[k]
}

/// Calls `f` for each kind set in `m`, ascending.
#[inline]
fn for_each_kind(m: &[u64; WORDS], mut f: impl FnMut(usize)) {
    for (w, &word) in m.iter().enumerate() {
        let mut x = word;
        while x != 0 {
            let b = x.trailing_zeros() as usize;
            x &= x - 1;
            f(w * 64 + b);
        }
    }
}

/// The kinds identical to kind `k` shown with number `number` (section 10, B33; `families`:
/// option `symbol_families`), as a bitset: the identical kinds, the `#` of its colour for a
/// plain number or a `#`, and a `#` showing a number card's number takes that card's plain
/// numbers too.
pub(crate) fn jump_mask_of(k: usize, number: u8, families: bool) -> [u64; WORDS] {
    let kd = &kinds()[k];
    let mut m = if families {
        *family_ident_mask(k)
    } else {
        *ident_mask(k)
    };
    let ident = kd.ident as usize;
    if kd.normal.color != WILD {
        let c = kd.normal.color;
        let hash = colored(c, face::HASH);
        let is_plain = ident % super::cards::FACES < 13 && ident < super::cards::FIRST_WILD;
        if is_plain || k == hash {
            m[hash >> 6] |= 1 << (hash & 63);
        }
        if k == hash && number != NO_NUMBER && number <= 12 {
            let plain = ident_mask(colored(c, number as usize));
            for w in 0..WORDS {
                m[w] |= plain[w];
            }
        }
    }
    m
}

/// `jump_mask_of` by the shown kind alone (without a number), and the colour of each coloured
/// `#` kind (`WILD` for the others), whose number adds the rest; one table per value of
/// option `symbol_families`, each built when first needed.
struct JumpTable {
    base: Vec<[u64; WORDS]>,
    hash_color: Vec<u8>,
}

fn jump_table(families: bool) -> &'static JumpTable {
    static T: [std::sync::OnceLock<JumpTable>; 2] =
        [std::sync::OnceLock::new(), std::sync::OnceLock::new()];
    T[families as usize].get_or_init(|| JumpTable {
        base: (0..NUM_KINDS)
            .map(|k| jump_mask_of(k, NO_NUMBER, families))
            .collect(),
        hash_color: (0..NUM_KINDS)
            .map(|k| {
                let c = kinds()[k].normal.color;
                if c != WILD && k == colored(c, face::HASH) {
                    c
                } else {
                    WILD
                }
            })
            .collect(),
    })
}

impl BlenderState {
    /// Whether two symbol sets share a symbol (section 3; B2's families as an option).
    #[inline]
    pub(crate) fn sym_match(&self, a: u64, b: u64) -> bool {
        if self.opts.symbol_families {
            family(a) & family(b) != 0
        } else {
            a & b != 0
        }
    }

    /// Whether kind `k` may be played now by the side `flexed` (section 3 and the
    /// restrictions of sections 5 and 9.7).
    #[inline]
    pub(crate) fn can_play(&self, k: usize, flexed: bool) -> bool {
        let kd = &kinds()[k];
        let sd = if flexed {
            match kd.flex {
                Some(f) => f,
                None => return false,
            }
        } else {
            kd.normal
        };
        if self.mini_active {
            if sd.color != WILD && sd.color != self.mini_color {
                return false;
            }
        } else {
            match self.stack_kind {
                StackKind::None => {}
                StackKind::Draw => {
                    if sd.syms & AFTER_DRAW == 0 {
                        return false;
                    }
                }
                StackKind::Stack => {
                    if sd.syms & AFTER_STACK == 0 {
                        return false;
                    }
                }
            }
        }
        if sd.color == WILD {
            return true;
        }
        let sh = &self.shown;
        if sd.color == sh.color {
            return true;
        }
        if sd.number != NO_NUMBER && sd.number == sh.number {
            return true;
        }
        let shown_syms = kinds()[sh.kind as usize].normal.syms;
        if self.sym_match(sd.syms, shown_syms) {
            return true;
        }
        // A `#` goes on any card showing a number, by taking that number (9.23).
        sd.syms & bit(Sym::Hash) != 0 && sh.number != NO_NUMBER
    }

    /// The kinds playable now by one side (`t`: the normal or the flex tables) whoever holds
    /// them: those matching the shown card (colour, number, symbol, `#` on a number, Wilds)
    /// that the mini-pile or the stack allow. It depends only on the shown card, the mini-pile
    /// and the stack (`fast.rs` keeps it while they stay).
    #[inline]
    pub(crate) fn side_base(&self, t: &super::masks::SideMasks) -> [u64; WORDS] {
        let sh = self.shown;
        let shown = if self.opts.symbol_families {
            &t.shown_family[sh.kind as usize]
        } else {
            &t.shown_sym[sh.kind as usize]
        };
        let mut base = [0u64; WORDS];
        for (w, b) in base.iter_mut().enumerate() {
            *b = t.color[WILD as usize][w] | t.color[sh.color.min(WILD) as usize][w] | shown[w];
        }
        if sh.number != NO_NUMBER {
            let nm = &t.number[sh.number as usize];
            for w in 0..WORDS {
                base[w] |= nm[w] | t.hash[w];
            }
        }
        for (w, b) in base.iter_mut().enumerate() {
            let allowed = if self.mini_active {
                t.color[self.mini_color as usize][w] | t.color[WILD as usize][w]
            } else {
                match self.stack_kind {
                    StackKind::None => !0,
                    StackKind::Draw => t.after_draw[w],
                    StackKind::Stack => t.after_stack[w],
                }
            };
            *b &= t.present[w] & allowed;
        }
        base
    }

    /// The kinds of the active player's hand playable now by their normal side and by their
    /// flex side (the flex set is empty with a red Power Card): the sets `can_play` gives.
    #[inline]
    pub(crate) fn turn_masks(&self) -> ([u64; WORDS], [u64; WORDS]) {
        let m = super::masks::masks();
        let h = &self.hands[self.current as usize];
        let green = self.red & super::state::bit(self.current) == 0;
        let side = |t: &super::masks::SideMasks| -> [u64; WORDS] {
            let mut out = [0u64; WORDS];
            if (0..WORDS).all(|w| h.mask(w) & t.present[w] == 0) {
                return out;
            }
            let base = self.side_base(t);
            for w in 0..WORDS {
                out[w] = h.mask(w) & base[w];
            }
            out
        };
        let normal = side(&m.normal);
        let flex = if green { side(&m.flex) } else { [0; WORDS] };
        (normal, flex)
    }

    /// The one action of a turn besides the plays: `DRAW`, `TAKE` or `STOP`.
    #[inline]
    pub(crate) fn turn_single(&self) -> Action {
        if self.played == 0 {
            if self.stack_kind != StackKind::None
                && !self.mini_active
                && !self.opts.stack_on_shortfall
            {
                TAKE
            } else {
                DRAW
            }
        } else {
            STOP
        }
    }

    /// The kinds identical to the shown card (section 10, B33), as a bitset: `jump_mask_of`
    /// read from `jump_table` (the shown kind's part) and, for a coloured `#` showing a number
    /// card's number, the plain numbers of its colour.
    #[inline]
    pub(crate) fn jump_mask(&self) -> [u64; WORDS] {
        let sh = self.shown;
        let k = sh.kind as usize;
        let t = jump_table(self.opts.symbol_families);
        let mut m = t.base[k];
        let c = t.hash_color[k];
        if c != WILD && sh.number != NO_NUMBER && sh.number <= 12 {
            let plain = ident_mask(colored(c, sh.number as usize));
            for w in 0..WORDS {
                m[w] |= plain[w];
            }
        }
        m
    }

    /// Whether kind `j` is a near card to the shown one (B37, B55): the same printed colour
    /// or the same face, and not identical (a card that may jump in, B33 and the families
    /// included, is never a wrong one; a flex side is part of the face, B50). `jm`: the
    /// caller's `jump_mask()`.
    fn near(&self, j: usize, jm: &[u64; WORDS]) -> bool {
        if jm[j >> 6] & (1 << (j & 63)) != 0 {
            return false;
        }
        let (a, b) = (&kinds()[self.shown.kind as usize], &kinds()[j]);
        let face = |s: &super::cards::Side| (s.number, s.syms);
        a.normal.color == b.normal.color
            || (face(&a.normal) == face(&b.normal)
                && a.flex.map(|f| face(&f)) == b.flex.map(|f| face(&f)))
    }

    /// Debug check: the mask sets are `can_play`'s.
    fn masks_agree(&self, normal: &[u64; WORDS], flex: &[u64; WORDS]) -> bool {
        let h = &self.hands[self.current as usize];
        let green = self.red & super::state::bit(self.current) == 0;
        h.iter().all(|(k, _)| {
            let (w, b) = (k >> 6, 1u64 << (k & 63));
            (normal[w] & b != 0) == self.can_play(k, false)
                && (flex[w] & b != 0) == (green && self.can_play(k, true))
        })
    }

    /// The kinds identical to the shown card (`jump_mask` as a list: at most 6 + 1 + 6).
    #[inline]
    pub(crate) fn jump_candidates(&self) -> ([u16; 13], usize) {
        let sh = self.shown;
        let k = sh.kind as usize;
        let (l, n) = super::cards::ident_list(k);
        let mut out = [0u16; 13];
        out[..6].copy_from_slice(l);
        let mut len = *n as usize;
        let kd = &kinds()[k];
        if kd.normal.color != WILD {
            let c = kd.normal.color;
            let hash = colored(c, face::HASH);
            let ident = kd.ident as usize;
            let is_plain = ident % super::cards::FACES < 13 && ident < super::cards::FIRST_WILD;
            if is_plain {
                out[len] = hash as u16;
                len += 1;
            }
            if k == hash && sh.number != NO_NUMBER && sh.number <= 12 {
                let (pl, pn) = super::cards::ident_list(colored(c, sh.number as usize));
                out[len..len + *pn as usize].copy_from_slice(&pl[..*pn as usize]);
                len += *pn as usize;
            }
        }
        (out, len)
    }

    /// Whether some live seat besides the card's player might act in the jump-in window (it
    /// holds a card identical to the shown one, or near cards may be tried): without one the
    /// window passes at once, whoever the turn passes to.
    #[inline]
    fn any_claimant(&self) -> bool {
        if self.opts.wrong_jump_ins {
            return true;
        }
        let others = self.alive & !super::state::bit(self.res.player);
        let jm = self.jump_mask();
        let mut m = others;
        while m != 0 {
            let s = m.trailing_zeros() as usize;
            m &= m - 1;
            let h = &self.hands[s];
            if (0..WORDS).any(|w| h.mask(w) & jm[w] != 0) {
                return true;
            }
        }
        false
    }

    /// Whether `s` may act in the jump-in window now (`cands`: `jump_candidates`).
    #[inline]
    fn claims(&self, s: u8, cands: &[u16]) -> bool {
        let h = &self.hands[s as usize];
        let identical = if self.opts.symbol_families {
            let jm = self.jump_mask();
            (0..WORDS).any(|w| h.mask(w) & jm[w] != 0)
        } else {
            let hit = cands.iter().any(|&k| h.has(k as usize));
            debug_assert_eq!(hit, {
                let jm = self.jump_mask();
                (0..WORDS).any(|w| h.mask(w) & jm[w] != 0)
            });
            hit
        };
        identical
            || (self.opts.wrong_jump_ins && {
                let jm = self.jump_mask();
                h.iter().any(|(j, _)| self.near(j, &jm))
            })
    }

    /// Who decides now, and what kind of decision.
    pub(crate) fn actor(&self) -> Option<(u8, DecisionKind)> {
        Some(match self.phase {
            Phase::Turn => (self.current, DecisionKind::Play),
            Phase::PostDraw { .. } => (self.current, DecisionKind::PostDraw),
            Phase::Number => (self.res.player, DecisionKind::ChooseNumber),
            Phase::Color => (self.res.player, DecisionKind::ChooseColor),
            Phase::Target { seat, .. } => (seat, DecisionKind::ChooseTarget),
            Phase::Give { seat } => (seat, DecisionKind::GiveCard),
            Phase::Point { seat } => (seat, DecisionKind::Simultaneous),
            Phase::Uno { seat } => (seat, DecisionKind::CallUno),
            Phase::Catch { by, .. } => (by, DecisionKind::CatchUno),
            Phase::Jump { seat } => (seat, DecisionKind::JumpIn),
            Phase::AfterShort => (self.current, DecisionKind::PostDraw),
            Phase::Over | Phase::Busy => return None,
        })
    }

    /// Writes the legal actions, ascending.
    pub(crate) fn legal(&self, out: &mut impl LegalOut) {
        match self.phase {
            Phase::Turn => {
                let (normal, flex) = self.turn_masks();
                debug_assert!(self.masks_agree(&normal, &flex));
                for_each_kind(&normal, |k| out.push(PLAY + k as u16));
                for_each_kind(&flex, |k| out.push(FLEX + k as u16));
                out.push(self.turn_single());
            }
            Phase::PostDraw { kind } => {
                let k = kind as usize;
                if self.can_play(k, false) {
                    out.push(PLAY + kind);
                }
                if self.red & super::state::bit(self.current) == 0 && self.can_play(k, true) {
                    out.push(FLEX + kind);
                }
                out.push(KEEP);
            }
            Phase::AfterShort => {
                for (k, _) in self.short_drawn.iter() {
                    if self.hands[self.current as usize].has(k) && self.can_play(k, false) {
                        out.push(PLAY + k as u16);
                    }
                }
                out.push(STOP);
            }
            Phase::Number => {
                for (i, &v) in HASH_NUMBERS.iter().enumerate() {
                    if self.number_ok(v) {
                        out.push(NUMBER + i as u16);
                    }
                }
            }
            Phase::Color => {
                for c in 0..4 {
                    out.push(COLOR + c);
                }
            }
            Phase::Target { why, seat } => {
                for t in 0..self.n {
                    if self.target_ok(why, seat, t) {
                        out.push(TARGET + t as u16);
                    }
                }
            }
            Phase::Give { seat } => {
                for (k, _) in self.hands[seat as usize].iter() {
                    out.push(GIVE + k as u16);
                }
            }
            Phase::Point { seat } => {
                for t in 0..self.n {
                    if t != seat && self.is_alive(t) {
                        out.push(POINT + t as u16);
                    }
                }
            }
            Phase::Uno { .. } => {
                out.push(CALL);
                out.push(SILENT);
            }
            Phase::Catch { .. } => {
                out.push(CATCH);
                out.push(NO_CATCH);
            }
            Phase::Jump { seat } => {
                let jm = self.jump_mask();
                let h = &self.hands[seat as usize];
                let mut mask = [0u64; WORDS];
                for w in 0..WORDS {
                    mask[w] = h.mask(w) & jm[w];
                }
                for_each_kind(&mask, |k| out.push(JUMP + k as u16));
                if self.opts.wrong_jump_ins {
                    for (j, _) in h.iter() {
                        if self.near(j, &jm) {
                            out.push(WRONG + j as u16);
                        }
                    }
                }
                out.push(DECLINE);
            }
            Phase::Over | Phase::Busy => {}
        }
    }

    /// Applies a legal action (the caller checked it), then resolves until the next decision.
    pub(crate) fn step(&mut self, a: Action, log: &mut impl EventSink<Event>) {
        self.apply_action(a, log);
        self.proceed(log);
        self.check_cap(log);
    }

    /// `step` but for the resolution: the action applied, the resolution left to the caller.
    #[inline]
    pub(crate) fn apply_action(&mut self, a: Action, log: &mut impl EventSink<Event>) {
        self.counters.actions += 1;
        let phase = self.phase;
        self.phase = Phase::Busy;
        match phase {
            Phase::Turn => self.turn_action(a, log),
            Phase::PostDraw { kind } => {
                if a == KEEP {
                    self.end_without_card();
                } else {
                    let (k, flexed) = play_of(a).expect("a play");
                    debug_assert_eq!(k as u16, kind);
                    self.played = 1;
                    self.lay(self.current, k as u16, flexed, true, log);
                }
            }
            Phase::Number => {
                let v = HASH_NUMBERS[(a - NUMBER) as usize];
                self.shown.number = v;
                log.event(Event::Number { value: v });
                self.res.stage = if self.res.last || self.opts.events_every_card {
                    Stage::Color
                } else {
                    Stage::Checks
                };
            }
            Phase::AfterShort => self.after_short_action(a, log),
            Phase::Color => {
                let c = (a - COLOR) as u8;
                self.shown.color = c;
                log.event(Event::Color { color: c });
                self.res.stage = Stage::Action;
            }
            Phase::Target { why, seat } => self.target_chosen(why, seat, (a - TARGET) as u8, log),
            Phase::Give { seat } => self.give_chosen(seat, a - GIVE, log),
            Phase::Point { seat } => {
                self.points[seat as usize] = (a - POINT) as u8;
                let next = self.next_alive(seat);
                let first = if self.is_alive(self.res.player) {
                    self.res.player
                } else {
                    self.next_alive(self.res.player)
                };
                if next == first {
                    self.point_draws(log);
                } else {
                    self.phase = Phase::Point { seat: next };
                }
            }
            Phase::Uno { seat } => {
                if a == CALL {
                    log.event(Event::UnoCalled { seat });
                } else if let Some(by) = self.next_catcher(seat, seat) {
                    self.phase = Phase::Catch { seat, by };
                }
            }
            Phase::Catch { seat, by } => {
                if a == CATCH {
                    log.event(Event::Caught { seat, by });
                    self.counters.uno_penalties += 1;
                    self.penalty(seat, 2, log);
                } else if let Some(next) = self.next_catcher(seat, by) {
                    self.phase = Phase::Catch { seat, by: next };
                }
            }
            Phase::Jump { seat } => self.jump_action(seat, a, log),
            Phase::Over | Phase::Busy => unreachable!("no decision pending"),
        }
    }

    /// A game that reached `max_decisions` is cut off (after each decision's resolution).
    #[inline]
    pub(crate) fn check_cap(&mut self, log: &mut impl EventSink<Event>) {
        if !matches!(self.phase, Phase::Over) && self.counters.actions >= self.opts.max_decisions {
            self.truncated = true;
            self.phase = Phase::Over;
            log.event(Event::Truncated);
        }
    }

    /// The next seat after `after` (in turn order) that may catch `seat`, if any.
    fn next_catcher(&self, seat: u8, after: u8) -> Option<u8> {
        let s = self.next_alive(after);
        (s != seat && s != after).then_some(s)
    }

    pub(crate) fn turn_action(&mut self, a: Action, log: &mut impl EventSink<Event>) {
        let cur = self.current;
        if let Some((k, flexed)) = play_of(a) {
            self.played += 1;
            // B15: flexing is the last card's event in the seed, so it ends the run.
            let ends = flexed && !self.opts.events_every_card;
            let last = ends || self.played >= self.tempo;
            self.lay(cur, k as u16, flexed, last, log);
            if ends && self.played < self.tempo {
                self.flexed_short(log);
            }
            return;
        }
        match a {
            DRAW => self.play_nothing(log),
            TAKE => {
                let n = self.stack;
                self.end_stack();
                self.stats.stacks_taken += 1;
                self.stats.stack_cards += n as u32;
                log.event(Event::StackTaken {
                    seat: cur,
                    cards: n,
                });
                self.penalty(cur, n, log);
                self.end_without_card();
            }
            STOP => {
                if !self.fall_short(true, log) {
                    self.last_card_takes_effect();
                }
            }
            _ => unreachable!("not a turn action: {a}"),
        }
    }

    /// The turn's last card played takes effect after a shortfall (B13): its events, or only
    /// its action when every card already had the others (`events_every_card`).
    fn last_card_takes_effect(&mut self) {
        if self.played == 0 || self.res.kind == NO_CARD || self.res.player != self.current {
            self.end_without_card();
            return;
        }
        self.res.last = true;
        // Its jump-in window has passed (B34, B44).
        self.res.windowed = true;
        self.res.stage = if self.opts.events_every_card {
            Stage::Action
        } else {
            Stage::Color
        };
    }

    /// B15: a card played by its flex side before the tempo-th ends the run short (B13: the
    /// draw and the reset come before its events; with `events_every_card` flexing does not
    /// end the run, section 14). The flexed card stays the turn's last card: no plays after
    /// the shortfall (B52). On the mini-pile the pickup takes it back into the hand, so it is
    /// no longer shown and no jump-in window opens for it (B53, B44).
    fn flexed_short(&mut self, log: &mut impl EventSink<Event>) {
        self.fall_short(false, log);
        if self.res.mini {
            self.res.windowed = true;
        }
    }

    /// A decision of the plays after a shortfall (option `play_after_shortfall`).
    fn after_short_action(&mut self, a: Action, log: &mut impl EventSink<Event>) {
        if a == STOP {
            self.short_left = 0;
            self.reset_tempo(log);
            self.last_card_takes_effect();
            return;
        }
        let (k, _) = play_of(a).expect("a play");
        self.short_drawn.remove(k);
        self.short_left -= 1;
        self.played += 1;
        let last = self.short_left == 0;
        if last {
            self.reset_tempo(log);
        }
        self.lay(self.current, k as u16, false, last, log);
    }

    /// `DRAW` at the start of a turn (4.3, B14).
    pub(crate) fn play_nothing(&mut self, log: &mut impl EventSink<Event>) {
        let cur = self.current;
        let stack_due = self.opts.stack_on_shortfall && self.stack_kind != StackKind::None;
        if self.mini_active || self.tempo > 1 || self.team_turn || stack_due {
            if !self.fall_short(true, log) {
                self.end_without_card();
            }
            return;
        }
        self.draw(cur, 1, true, log);
        let k = self.drawn_first;
        // Gifts the draw brought are given first (13.3); then the drawn card may be played.
        self.end_without_card();
        self.res.stage = Stage::Drawn;
        self.res.give = k;
    }

    /// `Stage::Drawn`: the card drawn at tempo 1 may be played if it matches (L144); a drawn
    /// Gift has been given away.
    pub(crate) fn after_draw(&mut self) {
        let Some((k, green)) = self.drawn_offer() else {
            return;
        };
        if self.can_play(k as usize, false) || (green && self.can_play(k as usize, true)) {
            self.phase = Phase::PostDraw { kind: k };
        }
    }

    /// `Stage::Drawn`'s common part: the stage moves on to the checks, and the card drawn at
    /// tempo 1 is offered for play unless nothing was drawn, it was a Gift (given away) or it
    /// has left the hand. Gives the card and whether the player's Power Card is green (the
    /// flex side allowed); whether it matches is the caller's test.
    #[inline(always)]
    pub(crate) fn drawn_offer(&mut self) -> Option<(u16, bool)> {
        let k = self.res.give;
        self.res.give = NO_CARD;
        self.res.stage = Stage::Checks;
        let cur = self.current;
        if k == NO_CARD
            || kinds()[k as usize].normal.syms & bit(Sym::Gift) != 0
            || !self.hands[cur as usize].has(k as usize)
        {
            return None;
        }
        Some((k, self.red & super::state::bit(cur) == 0))
    }

    /// Falling short of the tempo (4.2, 9.7, 9.14): the draw (or the mini-pile), and the
    /// tempo back to 1.
    /// Returns whether the player may now play cards just drawn (option
    /// `play_after_shortfall`, unless `may_play` is false: B52; the tempo resets when they are
    /// done).
    fn fall_short(&mut self, may_play: bool, log: &mut impl EventSink<Event>) -> bool {
        let cur = self.current;
        self.stats.shortfalls += 1;
        if self.mini_active {
            self.pick_up_mini(cur, log);
        } else if self.opts.stack_on_shortfall && self.stack_kind != StackKind::None {
            // The revision: the stack replaces the tempo draw, and nothing more is played.
            let n = self.stack;
            self.end_stack();
            self.stats.stacks_taken += 1;
            self.stats.stack_cards += n as u32;
            log.event(Event::StackTaken {
                seat: cur,
                cards: n,
            });
            self.penalty(cur, n, log);
        } else {
            // L161: "draw cards equal to the tempo", the tempo now (a Speed Up earlier in the
            // run raised it with `events_every_card`); Team Play doubles the tempo the turn
            // started with (9.14, §7 q10).
            let n = if self.team_turn {
                self.turn_tempo as u16 * 2
            } else {
                self.tempo as u16
            };
            let before = self.hands[cur as usize];
            self.penalty(cur, n, log);
            let missing = self.tempo.saturating_sub(self.played);
            if may_play && self.opts.play_after_shortfall && missing > 0 {
                self.short_drawn = super::state::BHand::new();
                let gift = |k: usize| kinds()[k].normal.syms & bit(Sym::Gift) != 0;
                for (k, c) in self.hands[cur as usize].iter() {
                    let new = c.saturating_sub(before.count(k));
                    if new > 0 && !gift(k) {
                        self.short_drawn.add_n(k, new);
                    }
                }
                if !self.short_drawn.is_empty() {
                    self.short_left = missing;
                    self.res.stage = Stage::AfterShort;
                    self.phase = Phase::Busy;
                    return true;
                }
            }
        }
        self.reset_tempo(log);
        false
    }

    fn reset_tempo(&mut self, log: &mut impl EventSink<Event>) {
        if self.tempo != 1 {
            self.tempo = 1;
            log.event(Event::Tempo { tempo: 1 });
        }
    }

    /// The turn ends without a card to resolve.
    pub(crate) fn end_without_card(&mut self) {
        let mut r = Res::new(self.current, NO_CARD, false, true, false);
        r.stage = Stage::Checks;
        self.res = r;
        self.phase = Phase::Busy;
    }

    fn jump_action(&mut self, seat: u8, a: Action, log: &mut impl EventSink<Event>) {
        if a == DECLINE {
            self.res.cursor = seat_after(seat, 1, self.n, self.clockwise);
            self.res.stage = Stage::Window;
            return;
        }
        if (WRONG..GIVE).contains(&a) {
            let k = a - WRONG;
            log.event(Event::WrongJumpIn { seat, card: k });
            self.k_shown(seat, k as usize);
            self.stats.wrong_jumps += 1;
            self.penalty(seat, 1, log);
            self.res.cursor = seat_after(seat, 1, self.n, self.clockwise);
            self.res.stage = Stage::Window;
            return;
        }
        let k = a - JUMP;
        let only = self.shown.number;
        self.counters.jump_ins += 1;
        log.event(Event::JumpedIn { seat, card: k });
        if self.short_left > 0 {
            // The interrupted player's plays after a shortfall end here.
            self.short_left = 0;
            self.reset_tempo(log);
        }
        // B56: a jump-in takes the turn the Team Play card was giving (the turn passes on
        // from the jumper), so its doubled shortfall lapses, for the chosen player too.
        self.team_play = NONE;
        self.begin_turn(seat);
        self.played = 1;
        let last = !self.opts.jumper_meets_tempo || self.played >= self.tempo;
        self.lay(seat, k, false, last, log);
        self.res.jump = true;
        if self.res.stage == Stage::Number {
            self.res.hash_only = only;
        }
    }

    /// Resolves until a decision is pending or the game is over (section 13).
    pub(crate) fn proceed(&mut self, log: &mut impl EventSink<Event>) {
        while matches!(self.phase, Phase::Busy) {
            // Gifts drawn from the deck are given away first (9.21).
            if let Some(s) = self.gift_pending() {
                if self.any_target(TargetWhy::Gift, s) {
                    self.phase = Phase::Target {
                        why: TargetWhy::Gift,
                        seat: s,
                    };
                    return;
                }
                self.gifts[s as usize] = [0; 4];
                continue;
            }
            match self.res.stage {
                Stage::Number => self.phase = Phase::Number,
                Stage::Color => self.stage_color(),
                Stage::Action => self.stage_action(log),
                Stage::Modifier => self.stage_modifier(log),
                Stage::Checks => self.stage_checks(),
                Stage::EndTurn => self.stage_end_turn(),
                Stage::Window if !self.any_claimant() => self.res.stage = Stage::Next,
                Stage::Window => {
                    let (cands, nc) = self.jump_candidates();
                    let mut s = self.res.cursor;
                    let mut found = NONE;
                    while s != self.res.player {
                        if self.is_alive(s) && self.claims(s, &cands[..nc]) {
                            found = s;
                            break;
                        }
                        s = self.seat_after_one(s);
                    }
                    if found != NONE {
                        self.res.cursor = found;
                        self.phase = Phase::Jump { seat: found };
                    } else {
                        self.res.stage = Stage::Next;
                    }
                }
                Stage::AfterShort => self.phase = Phase::AfterShort,
                Stage::Drawn => self.after_draw(),
                Stage::Next => {
                    if self.stage_next(log) {
                        return;
                    }
                }
            }
        }
    }

    /// `Stage::Color`: a Wild side played from the hand asks for a colour.
    #[inline]
    pub(crate) fn stage_color(&mut self) {
        let card = self.res.kind != NO_CARD;
        if card && !self.res.mini && side(self.res.kind, self.res.flexed).color == WILD {
            self.phase = Phase::Color;
        } else {
            self.res.stage = Stage::Action;
        }
    }

    /// `Stage::Action`: the last card of a run (not from the mini-pile) takes its action.
    #[inline]
    pub(crate) fn stage_action(&mut self, log: &mut impl EventSink<Event>) {
        if self.res.kind != NO_CARD && self.res.last && !self.res.mini {
            self.action(log);
        } else {
            self.res.stage = Stage::Modifier;
        }
    }

    /// `Stage::Modifier`: the last card's modifier (every card's with `events_every_card`,
    /// when it is played: a card stopped short after, `windowed`, had it then and takes only
    /// its action now, section 14).
    #[inline]
    pub(crate) fn stage_modifier(&mut self, log: &mut impl EventSink<Event>) {
        let due = if self.opts.events_every_card {
            !self.res.windowed
        } else {
            self.res.last
        };
        if self.res.kind != NO_CARD && due {
            self.modifier(log);
        } else {
            self.res.stage = Stage::Checks;
        }
    }

    /// `Stage::Checks`: the UNO windows of hands that reached one card (section 11), in turn
    /// order from the card's player; then the jump-in window (a card inside a run) or the end
    /// of the turn.
    #[inline]
    pub(crate) fn stage_checks(&mut self) {
        let d = self.dirty;
        self.dirty = 0;
        let mut now = self.ones & !d;
        let mut m = d & self.alive;
        while m != 0 {
            let s = m.trailing_zeros() as usize;
            m &= m - 1;
            now |= ((self.hands[s].len() == 1) as u16) << s;
        }
        debug_assert_eq!(now, self.ones_now());
        self.uno_queue |= now & !self.ones;
        self.uno_queue &= now;
        self.ones = now;
        if self.uno_queue != 0 {
            let mut s = self.res.player;
            for _ in 0..self.n {
                if self.uno_queue & super::state::bit(s) != 0 {
                    break;
                }
                s = seat_after(s, 1, self.n, self.clockwise);
            }
            self.uno_queue &= !super::state::bit(s);
            self.phase = Phase::Uno { seat: s };
        } else {
            self.res.stage = if self.res.last {
                Stage::EndTurn
            } else {
                Stage::Window
            };
            self.res.cursor = self.seat_after_one(self.res.player);
        }
    }

    /// `Stage::EndTurn`: B34: a window opens only when the shown card changed by a play; the
    /// seat the turn is about to pass to may jump in like any other (B46); the end-of-turn
    /// checks come after it (12.1, 13).
    ///
    /// Without wrong jump-ins the window is decided here in one pass, as the `Stage::Window`
    /// scan would decide it: the live seats besides the card's player holding a card identical
    /// to the shown one (`claims`); none, and the turn goes on (`Stage::Next`); else the first
    /// of them from the cursor is asked.
    #[inline]
    pub(crate) fn stage_end_turn(&mut self) {
        if self.res.kind == NO_CARD || self.res.windowed {
            self.res.stage = Stage::Next;
            return;
        }
        if self.opts.wrong_jump_ins {
            self.res.stage = Stage::Window;
            return;
        }
        let jm = self.jump_mask();
        let mut claim = 0u16;
        let mut m = self.alive & !super::state::bit(self.res.player);
        while m != 0 {
            let s = m.trailing_zeros() as usize;
            m &= m - 1;
            let h = &self.hands[s];
            let mut hit = 0;
            for (w, &j) in jm.iter().enumerate() {
                hit |= h.mask(w) & j;
            }
            claim |= ((hit != 0) as u16) << s;
        }
        if claim == 0 {
            self.res.stage = Stage::Next;
            return;
        }
        self.res.stage = Stage::Window;
        let mut s = self.res.cursor;
        while claim & super::state::bit(s) == 0 {
            debug_assert!(s != self.res.player);
            s = self.seat_after_one(s);
        }
        debug_assert!({
            let (cands, nc) = self.jump_candidates();
            self.claims(s, &cands[..nc])
        });
        self.res.cursor = s;
        self.phase = Phase::Jump { seat: s };
    }

    /// `Stage::Next`: the run goes on, or (the last card) the end of the turn (section 12):
    /// wins, eliminations; then the turn passes. Returns whether the game is over.
    #[inline]
    pub(crate) fn stage_next(&mut self, log: &mut impl EventSink<Event>) -> bool {
        if self.res.last {
            if self.end_turn_checks(self.res.player, log) {
                return true;
            }
            let next = if self.res.next != NONE {
                self.designated_next(log)
            } else {
                self.advance(self.res.player, self.res.steps, log)
            };
            self.begin_turn(next);
            self.phase = Phase::Turn;
        } else if self.short_left > 0 {
            self.phase = Phase::AfterShort;
        } else {
            self.phase = Phase::Turn;
        }
        false
    }

    /// The turn passes to the seat a card named (Team Play, Color Roulette's player after the
    /// victim; the next live seat if it is out), and on over its pending Targeted Skips (B48):
    /// a Team Play turn a skip takes is not played, so its doubled shortfall lapses.
    #[cold]
    fn designated_next(&mut self, log: &mut impl EventSink<Event>) -> u8 {
        let r = self.res.next;
        let s = if self.is_alive(r) {
            r
        } else {
            self.next_alive(r)
        };
        if self.team_play == s && self.targeted_skips[s as usize] > 0 {
            self.team_play = NONE;
        }
        self.advance(s, 0, log)
    }

    /// A seat with a Gift to give, in turn order from the card's player (a Gift no longer in
    /// the hand, given on by a hand exchange first, is not given).
    #[inline]
    fn gift_pending(&mut self) -> Option<u8> {
        if !self.gift_flag {
            return None;
        }
        let mut s = self.res.player;
        for _ in 0..self.n {
            let g = &mut self.gifts[s as usize];
            if *g != [0; 4] {
                for (c, pending) in g.iter_mut().enumerate() {
                    let held = self.hands[s as usize].count(colored(c as u8, face::GIFT));
                    *pending = (*pending).min(held);
                }
                if *g != [0; 4] {
                    return Some(s);
                }
            }
            s = seat_after(s, 1, self.n, self.clockwise);
        }
        self.gift_flag = false;
        None
    }
}

const _: () = assert!(NUM_KINDS <= WORDS * 64);
