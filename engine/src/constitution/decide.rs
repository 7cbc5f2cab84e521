//! The legal actions of each decision and applying one (`docs/rules/constitution.md`
//! sections 5, 18 and 20).

use super::action::*;
use super::attack::stack_value;
use super::cards::*;
use super::event::Event;
use super::state::*;
use crate::action::{LegalOut, StackList};
use crate::game::EventSink;

/// The most legal actions a Constitution decision offers: a turn's plays (119 kinds, the 9
/// wild kinds four times), the draw, 9 invasions, 4 colours, the accusation, 90 questions and
/// the UNO call.
pub(crate) const CON_MAX_LEGAL: usize = 256;

/// A legal list on the stack for the random agent's fast path (`Game::sample_legal`).
type SmallList = StackList<CON_MAX_LEGAL>;

/// The `i`-th play of `push_play` over the kinds of `m` ascending (a wild four times, one per
/// colour), found in the 64-kind word that holds it.
#[inline]
fn nth_play(m: u128, i: u32) -> u16 {
    let wild = super::masks::masks().wild;
    let (lo, wild_lo) = (m as u64, wild as u64);
    let in_lo = lo.count_ones() + 3 * (lo & wild_lo).count_ones();
    let (mut w, wild_w, mut i, base) = if i < in_lo {
        (lo, wild_lo, i, 0u8)
    } else {
        ((m >> 64) as u64, (wild >> 64) as u64, i - in_lo, 64u8)
    };
    if w & wild_w == 0 {
        // One id a kind: the word's `i`-th kind.
        while i > 0 {
            w &= w - 1;
            i -= 1;
        }
        return play(base + w.trailing_zeros() as u8, NO_COLOR);
    }
    loop {
        let b = w.trailing_zeros();
        w &= w - 1;
        let k = base + b as u8;
        if wild_w >> b & 1 != 0 {
            if i < 4 {
                return play(k, i as u8);
            }
            i -= 4;
        } else {
            if i == 0 {
                return play(k, NO_COLOR);
            }
            i -= 1;
        }
    }
}

#[inline]
fn push_play(out: &mut impl LegalOut, k: u8) {
    if is_wild(k) {
        for c in 0..4 {
            out.push(play(k, c));
        }
    } else {
        out.push(play(k, NO_COLOR));
    }
}

impl ConState {
    /// What `s` could jump in with now (C31-C35): bit `k` for kind `k`.
    #[inline]
    pub(crate) fn jump_mask(&self, s: u8) -> u128 {
        if self.jump_kind == NONE || !self.last_ok(s) {
            return 0;
        }
        let m = super::masks::masks();
        let j = self.jump_kind as usize;
        let mut targets = m.jump_exact[j];
        if self.opts.wrong_jump_ins {
            targets |= m.jump_near[j];
        }
        self.hand_mask(s) & targets
    }

    /// Whether `k` may jump in on the window's card: `Some(true)` identical (or the 69 rule),
    /// `Some(false)` a near card (a wrong jump-in, C35).
    pub(crate) fn jump_ok(&self, k: u8) -> Option<bool> {
        let j = self.jump_kind;
        if j == NONE {
            return None;
        }
        let m = super::masks::masks();
        let b = 1u128 << k;
        if m.jump_exact[j as usize] & b != 0 {
            Some(true)
        } else if self.opts.wrong_jump_ins && m.jump_near[j as usize] & b != 0 {
            Some(false)
        } else {
            None
        }
    }

    pub(crate) fn legal(&self, out: &mut impl LegalOut) {
        match self.phase {
            Phase::Over => {}
            Phase::Turn => self.turn_legal(out),
            Phase::PostDraw { card } => {
                let me = self.current;
                if self.hands[me as usize].has(card as usize) && self.turn_playable(me, card) {
                    push_play(out, card);
                }
                out.push(PASS);
            }
            Phase::Color { .. } => {
                for c in 0..4 {
                    out.push(COLOR + c);
                }
            }
            // Every target decision names another seat still in the game.
            Phase::Target { .. } => {
                let me = self.who;
                for s in 0..self.n {
                    if s != me && self.is_alive(s) {
                        out.push(TARGET + s as u16);
                    }
                }
            }
            Phase::Choose { why } => match why {
                ChooseWhy::GiftCard { .. } => {
                    for (k, _) in self.hands[self.who as usize].iter() {
                        out.push(CHOOSE + k as u16);
                    }
                }
                ChooseWhy::Army { .. } => {
                    for (k, _) in self.hands[self.who as usize].iter() {
                        if number_value(k as u8).is_some() {
                            out.push(CHOOSE + k as u16);
                        }
                    }
                }
                ChooseWhy::ChosenKeep | ChooseWhy::ChosenOrder => {
                    for (k, _) in self.limbo.iter() {
                        out.push(CHOOSE + k as u16);
                    }
                }
                ChooseWhy::GoldCard => {
                    for (k, _) in self.limbo.iter() {
                        if self.bank_free(k as u8).is_some() {
                            out.push(CHOOSE + k as u16);
                        }
                    }
                }
            },
            Phase::Respond => {
                let v = self.attack_victim();
                if self.last_ok(v) {
                    // Only these kinds can respond (`response_of` is `None` for the others).
                    let mut m = self.hand_mask(v) & super::masks::masks().respond;
                    while m != 0 {
                        let k = m.trailing_zeros() as u8;
                        m &= m - 1;
                        if self.response_of(v, k).is_some() {
                            push_play(out, k);
                        }
                    }
                }
                out.push(ACCEPT);
                // C36: a late UNO call at any later decision of theirs (here: to defend with
                // the last card).
                if self.hands[v as usize].len() == 1 && self.uno_called & bit(v) == 0 {
                    out.push(CALL_UNO);
                }
            }
            Phase::Challenge => {
                out.push(ACCEPT);
                out.push(CHALLENGE);
            }
            Phase::DodgeAdd => {
                let v = self.who;
                if self.last_ok(v) {
                    for (k, _) in self.hands[v as usize].iter() {
                        if stack_value(k as u8).0 == 2 {
                            push_play(out, k as u8);
                        }
                    }
                }
                out.push(PASS);
                // C94: the Dodge left one card: the late call of C36 (then the last +2).
                if self.hands[v as usize].len() == 1 && self.uno_called & bit(v) == 0 {
                    out.push(CALL_UNO);
                }
            }
            Phase::JumpIn { asker } => {
                let mut m = self.jump_mask(asker);
                while m != 0 {
                    let k = m.trailing_zeros() as u8;
                    m &= m - 1;
                    push_play(out, k);
                }
                out.push(PASS);
            }
            Phase::WrongCall { .. } => {
                out.push(PASS);
                out.push(CALL_WRONG);
            }
            Phase::CallUno => {
                out.push(PASS);
                out.push(CALL_UNO);
            }
            Phase::CatchUno { .. } => {
                out.push(PASS);
                out.push(CATCH_UNO);
            }
            Phase::Answer => {
                out.push(ANSWER);
                out.push(DONT_REMEMBER);
            }
            Phase::Team => {
                out.push(KEEP_MINE);
                out.push(KEEP_THEIRS);
            }
            Phase::Piles => {
                if self.small_left > 0 {
                    out.push(PILE_SMALL);
                }
                if self.large_left > 0 {
                    out.push(PILE_LARGE);
                }
            }
        }
    }

    fn turn_legal(&self, out: &mut impl LegalOut) {
        let me = self.current;
        if self.look_due {
            // Section 5: accuse first if they like, then the mandatory look (L254). Ids
            // ascending: the TARGETs come before ACCUSE.
            for s in 0..self.n {
                if s != me && self.is_alive(s) {
                    out.push(TARGET + s as u16);
                }
            }
            if !self.accused {
                out.push(ACCUSE);
            }
            return;
        }
        let mut m = self.playable_mask(me);
        while m != 0 {
            let k = m.trailing_zeros() as u8;
            m &= m - 1;
            push_play(out, k);
        }
        self.turn_tail(out);
    }

    /// `legal[rng.below(legal.len())]` over the list `legal` writes (`Game::sample_legal`): at
    /// a turn and in the jump-in window the plays are counted on their mask and picked by
    /// index, and only the other actions written.
    #[inline]
    pub(crate) fn sample(&self, rng: &mut crate::Rng) -> u16 {
        let mut rest = SmallList::new();
        if matches!(self.phase, Phase::Turn) && !self.look_due {
            let m = self.playable_mask(self.current);
            let plays = m.count_ones() + 3 * (m & super::masks::masks().wild).count_ones();
            let i = rng.below(plays + self.turn_tail_len());
            if i < plays {
                return nth_play(m, i);
            }
            // The other actions are written only when one of them is picked.
            self.turn_tail(&mut rest);
            return rest.get((i - plays) as usize);
        }
        if let Phase::JumpIn { asker } = self.phase {
            // The jump-in plays, then the pass.
            let m = self.jump_mask(asker);
            let plays = m.count_ones() + 3 * (m & super::masks::masks().wild).count_ones();
            let i = rng.below(plays + 1);
            return if i < plays { nth_play(m, i) } else { PASS };
        }
        self.legal(&mut rest);
        rest.get(rng.below(rest.len() as u32) as usize)
    }

    /// A turn's actions after the plays (a normal turn, no look due): the draw, the
    /// Conquest invasions and recolouring, the accusation, the questions, the UNO call.
    fn turn_tail(&self, out: &mut impl LegalOut) {
        let me = self.current;
        let h = &self.hands[me as usize];
        let must_play = self.must_move(me);
        if !must_play {
            out.push(DRAW);
        }
        if self.apocalypse {
            if h.len() == 1 && self.uno_called & bit(me) == 0 {
                out.push(CALL_UNO);
            }
            return;
        }
        if self.conquest == me && self.has_army(me) {
            for s in 0..self.n {
                if s != me && self.is_alive(s) && self.conquered & bit(s) == 0 {
                    out.push(TARGET + s as u16);
                }
            }
        }
        if self.is_conqueror(me) && h.len() > 1 && !self.recolored {
            for c in 0..4 {
                out.push(COLOR + c);
            }
        }
        if !self.accused {
            out.push(ACCUSE);
        }
        let p = self.prophet;
        if p != NONE && p != me && self.is_alive(p) && !self.asked {
            for s in 0..self.n {
                if s != me && s != p && self.looked & bit(s) != 0 && self.is_alive(s) {
                    for q in 0..10 {
                        out.push(ASK + s as u16 * 10 + q);
                    }
                }
            }
        }
        if h.len() == 1 && self.uno_called & bit(me) == 0 {
            out.push(CALL_UNO);
        }
    }

    /// Famine (L178, C60, C63): `s` can play or invade, so may not draw instead.
    #[inline(always)]
    fn must_move(&self, s: u8) -> bool {
        self.famine && !self.apocalypse && (self.holds_match(s) || self.can_invade(s))
    }

    /// How many actions `turn_tail` writes (counted, not written: `sample` writes them only
    /// when it picks one of them).
    #[inline]
    fn turn_tail_len(&self) -> u32 {
        let me = self.current;
        let h = &self.hands[me as usize];
        let must_play = self.must_move(me);
        let uno = (h.len() == 1 && self.uno_called & bit(me) == 0) as u32;
        let mut n = !must_play as u32;
        if self.apocalypse {
            return n + uno;
        }
        let others = self.alive & !bit(me);
        if self.conquest == me && self.has_army(me) {
            n += (others & !self.conquered).count_ones();
        }
        if self.is_conqueror(me) && h.len() > 1 && !self.recolored {
            n += 4;
        }
        n += !self.accused as u32;
        let p = self.prophet;
        if p != NONE && p != me && self.is_alive(p) && !self.asked {
            n += 10 * (others & !bit(p) & self.looked).count_ones();
        }
        n + uno
    }

    /// The first bank index holding `k` that has no recipient yet.
    pub(crate) fn bank_free(&self, k: u8) -> Option<u8> {
        (0..self.bank_len)
            .find(|&i| self.bank_kind[i as usize] == k && self.bank_to[i as usize] == NONE)
    }

    /// Applies `a`, which must be legal.
    pub(crate) fn step(&mut self, a: u16, log: &mut impl EventSink<Event>) {
        self.counters.actions += 1;
        match self.phase {
            Phase::Over => return,
            Phase::Turn => self.turn_action(a, log),
            Phase::PostDraw { .. } => {
                let me = self.current;
                match play_of(a) {
                    Some((k, c)) => self.play_card(me, k, c, Ctx::Turn, log),
                    None => self.turn_over(me, log),
                }
            }
            Phase::Color { .. } => {
                let c = (a - COLOR) as u8;
                self.ref_color = c;
                log.event(Event::ColorNamed {
                    seat: self.who,
                    color: c,
                });
                // A colour chosen inside a play (War, a first wild) finishes that play; one
                // queued by the Prophet's look or Communism resumes what it interrupted.
                if self.pend_open {
                    self.finish_play(log);
                } else {
                    self.proceed_queued(log);
                }
            }
            Phase::Target { why } => {
                let t = (a - TARGET) as u8;
                match why {
                    TargetWhy::Directed(text) => {
                        let user = self.who;
                        self.directed_at(user, text, t, log)
                    }
                    TargetWhy::Ftpip => {
                        let user = self.who;
                        self.deflect(user, t, log);
                        self.finish_play(log)
                    }
                    TargetWhy::ProphetLook => {
                        self.prophet_look(t, log);
                        if self.over() {
                            return;
                        }
                        if self.is_alive(self.current) {
                            self.enter_turn(log);
                            if self.war_pending != NONE || self.team_pending != NONE {
                                // A Horseman seen: War's colour first, then the turn.
                                self.resume_turn = true;
                                self.proceed_queued(log);
                            }
                        } else {
                            self.proceed(log);
                        }
                    }
                    TargetWhy::ProphetFirst => {
                        self.prophet_look(t, log);
                        self.finish_play(log)
                    }
                    TargetWhy::GoldTo { card } => self.gold_give(card, t, log),
                    TargetWhy::Accuse => {
                        let me = self.who;
                        self.accuse(me, t, log);
                        self.back_to_turn(log)
                    }
                }
            }
            Phase::Choose { why } => {
                let k = (a - CHOOSE) as u8;
                match why {
                    ChooseWhy::GiftCard { to } => {
                        let user = self.who;
                        self.gift_card(user, to, k, log)
                    }
                    ChooseWhy::Army { invader } => self.army(k, invader, log),
                    ChooseWhy::ChosenKeep => self.chosen_pick(k, true, log),
                    ChooseWhy::ChosenOrder => self.chosen_pick(k, false, log),
                    ChooseWhy::GoldCard => {
                        let i = self.bank_free(k).expect("checked legal");
                        self.phase = Phase::Target {
                            why: TargetWhy::GoldTo { card: i },
                        };
                    }
                }
            }
            Phase::Respond => {
                if a == ACCEPT {
                    self.accept(log);
                    self.proceed(log);
                } else if a == CALL_UNO {
                    let v = self.attack_victim();
                    self.uno_called |= bit(v);
                    log.event(Event::CallUno {
                        seat: v,
                        called: true,
                    });
                } else {
                    let (k, c) = play_of(a).expect("checked legal");
                    self.respond_with(k, c, log);
                }
            }
            Phase::Challenge => {
                if a == CHALLENGE {
                    self.challenge(log);
                } else {
                    self.accept(log);
                }
                self.proceed(log);
            }
            Phase::DodgeAdd => {
                if a == PASS {
                    self.finish_play(log);
                } else if a == CALL_UNO {
                    let v = self.who;
                    self.uno_called |= bit(v);
                    log.event(Event::CallUno {
                        seat: v,
                        called: true,
                    });
                } else {
                    let (k, c) = play_of(a).expect("checked legal");
                    let v = self.who;
                    self.lay(v, k, c, log);
                    if let Some(mut att) = self.attack {
                        att.amount += 2 * self.team_factor(v);
                        att.last = v;
                        self.attack = Some(att);
                    }
                    if self.hands[v as usize].is_empty()
                        && self.opts.mode == super::options::Mode::Normal
                    {
                        return self.win(v, log);
                    }
                    self.pend = Pending {
                        seat: v,
                        kind: k,
                        ctx: Ctx::Respond,
                    };
                    self.finish_play(log);
                }
            }
            Phase::JumpIn { asker } => {
                if a == PASS {
                    self.proceed(log);
                } else {
                    let (k, c) = play_of(a).expect("checked legal");
                    match self.jump_ok(k) {
                        Some(true) => self.do_jump(asker, k, c, log),
                        _ => {
                            self.wrong = WrongJump {
                                jumper: asker,
                                kind: k,
                                color: c,
                            };
                            self.stats.wrong_jumps += 1;
                            self.catch_left = self.alive & !bit(asker);
                            self.next_wrong_call(log);
                        }
                    }
                }
            }
            Phase::WrongCall { asker } => {
                if a == CALL_WRONG {
                    let j = self.wrong.jumper;
                    self.stats.wrong_jumps_called += 1;
                    log.event(Event::WrongJumpCalled {
                        by: asker,
                        jumper: j,
                    });
                    self.wrong.jumper = NONE;
                    // C91: the card was face up; it goes back to the hand in everyone's sight.
                    self.know.shown_at_least(j, self.wrong.kind, 1);
                    self.penalty(j, 2, log);
                    self.proceed(log);
                } else {
                    self.next_wrong_call(log);
                }
            }
            Phase::CallUno => {
                let s = self.uno_seat;
                let called = a == CALL_UNO;
                if called {
                    self.uno_called |= bit(s);
                }
                log.event(Event::CallUno { seat: s, called });
                self.uno_stage = 1;
                self.catch_left = self.alive & !bit(s);
                self.proceed(log);
            }
            Phase::CatchUno { asker } => {
                if a == CATCH_UNO {
                    let s = self.uno_seat;
                    let right = self.uno_called & bit(s) == 0;
                    log.event(Event::Caught {
                        by: asker,
                        seat: s,
                        right,
                    });
                    self.uno_seat = NONE;
                    if right {
                        self.counters.uno_penalties += 1;
                        self.penalty(s, 2, log);
                    } else {
                        self.penalty(asker, 2, log);
                    }
                }
                self.proceed(log);
            }
            Phase::Answer => {
                self.answer(a == ANSWER, log);
                self.back_to_turn(log);
            }
            Phase::Team => {
                self.form_team(a == KEEP_MINE, log);
                self.proceed_queued(log);
            }
            Phase::Piles => self.pick_pile(a == PILE_LARGE, log),
        }
        self.check_cap(log);
    }

    fn turn_action(&mut self, a: u16, log: &mut impl EventSink<Event>) {
        let me = self.current;
        if let Some((k, c)) = play_of(a) {
            return self.play_card(me, k, c, Ctx::Turn, log);
        }
        if a == DRAW {
            return self.turn_draw(me, log);
        }
        if a == CALL_UNO {
            self.uno_called |= bit(me);
            log.event(Event::CallUno {
                seat: me,
                called: true,
            });
            return;
        }
        if let Some(t) = in_block(a, TARGET, 10) {
            if self.look_due {
                // The Prophet's look (L254); Horsemen seen come into play (L256).
                self.look_due = false;
                self.prophet_look(t as u8, log);
                if !self.over() && (self.war_pending != NONE || self.team_pending != NONE) {
                    self.resume_turn = true;
                    self.proceed_queued(log);
                }
                return;
            }
            return self.invade(me, t as u8, log);
        }
        if let Some(c) = in_block(a, COLOR, 4) {
            self.ref_color = c as u8;
            self.recolored = true;
            log.event(Event::ColorNamed {
                seat: me,
                color: c as u8,
            });
            return;
        }
        if a == ACCUSE {
            self.accused = true;
            self.who = me;
            self.phase = Phase::Target {
                why: TargetWhy::Accuse,
            };
            return;
        }
        if let Some(q) = in_block(a, ASK, 100) {
            self.asked = true;
            self.stats.questions += 1;
            let (seat, q) = ((q / 10) as u8, (q % 10) as u8);
            log.event(Event::Asked {
                by: me,
                seat,
                question: q,
            });
            self.question = (me, seat, q);
            self.phase = Phase::Answer;
        }
    }

    /// After an accusation or a question: the turn goes on if its player is still in.
    fn back_to_turn(&mut self, log: &mut impl EventSink<Event>) {
        if self.over() {
            return;
        }
        let me = self.current;
        if self.is_alive(me) {
            self.phase = Phase::Turn;
            if self.war_pending != NONE || self.team_pending != NONE {
                self.resume_turn = true;
                self.proceed_queued(log);
            }
        } else {
            self.cursor = me;
            self.skips = 0;
            self.again = NONE;
            self.proceed(log);
        }
    }

    /// Runs queued choices (a team, War's colour) and then returns to the interrupted turn if
    /// `resume_turn`, else proceeds.
    pub(crate) fn proceed_queued(&mut self, log: &mut impl EventSink<Event>) {
        if self.ask_queued() {
            return;
        }
        if self.resume_turn {
            self.resume_turn = false;
            if self.is_alive(self.current) && !self.over() {
                self.phase = Phase::Turn;
                return;
            }
        }
        self.proceed(log);
    }

    fn turn_draw(&mut self, me: u8, log: &mut impl EventSink<Event>) {
        let stuck = !self.any_playable(me);
        let n = self.formula_full(me, 1, false, true, stuck, true);
        let mut last = NONE;
        for _ in 0..n {
            match self.draw_one(me, log) {
                Some(k) => last = k,
                None => break,
            }
        }
        if (self.opts.play_drawn || self.apocalypse)
            && last != NONE
            && self.hands[me as usize].has(last as usize)
            && self.turn_playable(me, last)
        {
            self.phase = Phase::PostDraw { card: last };
            return;
        }
        self.turn_over(me, log);
    }

    fn do_jump(&mut self, j: u8, k: u8, c: u8, log: &mut impl EventSink<Event>) {
        self.counters.jump_ins += 1;
        log.event(Event::JumpIn {
            seat: j,
            card: k,
            wrong: self.jump_ok(k) != Some(true),
        });
        self.jump_from = NONE;
        self.play_card(j, k, c, Ctx::Jump, log);
    }

    fn next_wrong_call(&mut self, log: &mut impl EventSink<Event>) {
        let j = self.wrong.jumper;
        let mut left = self.catch_left;
        match self.next_in(j, &mut left) {
            Some(a) => {
                self.catch_left &= !bit(a);
                self.phase = Phase::WrongCall { asker: a };
            }
            None => {
                // Nobody called it: it stands (C35).
                let WrongJump {
                    jumper,
                    kind,
                    color,
                } = self.wrong;
                self.wrong.jumper = NONE;
                self.do_jump(jumper, kind, color, log);
            }
        }
    }
}
