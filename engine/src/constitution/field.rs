//! Field cards, the Horsemen and the Apocalypse, Yin and Yang's team, the Prophet,
//! accusations, Conquest and Communism (`docs/rules/constitution.md` sections 11-14).

use super::action::QUESTIONS;
use super::cards::*;
use super::event::{Event, Leave};
use super::options::Mode;
use super::state::*;
use crate::game::EventSink;

fn kind(t: Text) -> u8 {
    first_kind(t).expect("every text has a kind")
}

impl ConState {
    // ----- single field cards -----------------------------------------------------------------

    pub(crate) fn luck_card(&mut self, s: u8, k: u8, log: &mut impl EventSink<Event>) -> bool {
        self.luck = s;
        log.event(Event::Field { seat: s, card: k });
        self.adjust_clock(s, 1, log);
        true
    }

    /// Yin or Yang activates for `s` (C10, C68); two holders make a team (L310).
    pub(crate) fn activate_yy(&mut self, s: u8, k: u8, log: &mut impl EventSink<Event>) {
        let yin = text_of(k) == Text::Yin;
        if yin {
            self.yin = s;
        } else {
            self.yang = s;
        }
        log.event(Event::Field { seat: s, card: k });
        self.adjust_clock(s, 1, log);
        let other = if yin { self.yang } else { self.yin };
        // C77: a team needs someone to play against: three players in the game at least.
        if other != NONE
            && other != s
            && self.team_kept == NONE
            && self.is_alive(other)
            && self.alive_count() >= 3
        {
            self.team_pending = s;
        }
    }

    /// The receiver of the second card keeps their own hand or the other holder's.
    pub(crate) fn form_team(&mut self, keep_mine: bool, log: &mut impl EventSink<Event>) {
        let r = self.team_pending;
        self.team_pending = NONE;
        let other = if self.yin == r { self.yang } else { self.yin };
        if other == NONE
            || other == r
            || !self.is_alive(other)
            || !self.is_alive(r)
            || self.alive_count() < 3
        {
            return;
        }
        let (kept, gone) = if keep_mine { (r, other) } else { (other, r) };
        self.bury_hand(gone);
        self.alive &= !bit(gone);
        self.uno_called &= !bit(gone);
        // The absorbed seat's field cards go with the team.
        self.shields[kept as usize] += std::mem::take(&mut self.shields[gone as usize]);
        self.viruses[kept as usize] += std::mem::take(&mut self.viruses[gone as usize]);
        for f in [
            &mut self.luck,
            &mut self.yin,
            &mut self.yang,
            &mut self.prophet,
            &mut self.death,
            &mut self.war,
            &mut self.conquest,
            &mut self.plague,
        ] {
            if *f == gone {
                *f = kept;
            }
        }
        self.team_kept = kept;
        self.team_absorbed = gone;
        self.stats.teams += 1;
        log.event(Event::Team {
            kept,
            absorbed: gone,
        });
    }

    pub(crate) fn release_plague(&mut self, s: u8, log: &mut impl EventSink<Event>) {
        self.plague = s;
        log.event(Event::Field {
            seat: s,
            card: kind(Text::Plague),
        });
    }

    /// The Plague goes on top of the pile (L246, L248).
    pub(crate) fn return_plague(&mut self, _s: u8, log: &mut impl EventSink<Event>) {
        self.plague = NONE;
        let k = kind(Text::Plague);
        self.put_on_pile(k, color_of(k));
        log.event(Event::FieldDiscarded { card: k });
    }

    pub(crate) fn break_shield(&mut self, s: u8, log: &mut impl EventSink<Event>) {
        if self.shields[s as usize] > 0 {
            self.shields[s as usize] -= 1;
            let k = kind(Text::BlueShield);
            self.bury(k);
            log.event(Event::FieldDiscarded { card: k });
        }
    }

    /// Virus on `v` (L298).
    pub(crate) fn infect(&mut self, v: u8, log: &mut impl EventSink<Event>) {
        self.viruses[v as usize] += 1;
        log.event(Event::Field {
            seat: v,
            card: kind(Text::Virus),
        });
        self.adjust_clock(v, -1, log);
    }

    /// Discards the single field card with text `t` wherever it is active (The Flood).
    pub(crate) fn discard_single_field(&mut self, t: Text, log: &mut impl EventSink<Event>) {
        let f = match t {
            Text::Luck => &mut self.luck,
            Text::Prophet => &mut self.prophet,
            _ => return,
        };
        if *f != NONE {
            *f = NONE;
            let k = kind(t);
            self.bury(k);
            log.event(Event::FieldDiscarded { card: k });
        }
    }

    /// A leaving player's field cards: buried, the Horsemen to neutral play (C39).
    pub(crate) fn clear_field_of(&mut self, s: u8, log: &mut impl EventSink<Event>) {
        while self.shields[s as usize] > 0 {
            self.break_shield(s, log);
        }
        while self.viruses[s as usize] > 0 {
            self.viruses[s as usize] -= 1;
            self.bury(kind(Text::Virus));
        }
        for t in [
            Text::Luck,
            Text::Yin,
            Text::Yang,
            Text::Prophet,
            Text::Plague,
        ] {
            let f = match t {
                Text::Luck => &mut self.luck,
                Text::Yin => &mut self.yin,
                Text::Yang => &mut self.yang,
                Text::Prophet => &mut self.prophet,
                _ => &mut self.plague,
            };
            if *f == s {
                *f = NONE;
                self.bury(kind(t));
            }
        }
        if self.death == s {
            self.death = NEUTRAL;
            if self.death_card != NONE {
                self.bury(self.death_card);
                self.death_card = NONE;
            }
            log.event(Event::Neutral {
                card: kind(Text::Death),
            });
        }
        if self.war == s {
            self.war = NEUTRAL;
        }
        if self.conquest == s {
            self.conquest = NEUTRAL;
        }
    }

    // ----- the Horsemen and the Apocalypse (section 14) -------------------------------------------

    /// Horseman `t` becomes active for `holder` (or in neutral play).
    pub(crate) fn activate_horseman(
        &mut self,
        t: Text,
        holder: u8,
        log: &mut impl EventSink<Event>,
    ) {
        let k = kind(t);
        if holder == NEUTRAL {
            log.event(Event::Neutral { card: k });
        } else {
            log.event(Event::Field {
                seat: holder,
                card: k,
            });
        }
        match t {
            Text::Famine => self.famine = true,
            Text::War => self.war = holder,
            Text::Conquest => {
                self.conquest = holder;
                self.conquered = 0;
            }
            Text::Death => {
                if holder == NEUTRAL {
                    self.death = NEUTRAL;
                } else {
                    self.death_on(holder, log);
                }
            }
            _ => {}
        }
        self.check_apocalypse(log);
    }

    pub(crate) fn check_apocalypse(&mut self, log: &mut impl EventSink<Event>) {
        if self.apocalypse
            || self.death == NONE
            || !self.famine
            || self.war == NONE
            || self.conquest == NONE
        {
            return;
        }
        self.apocalypse = true;
        self.stats.apocalypse_at = self.counters.actions.max(1);
        log.event(Event::Apocalypse);
        if self.recycling {
            // C70: the recycled pile goes under the discard pile; one pile from now on.
            self.recycling = false;
            let r = self.recycled;
            for (k, c) in r.iter() {
                self.discard.add_n(k, c);
            }
            self.recycled.clear();
        }
    }

    pub(crate) fn famine_card(&mut self, _k: u8, log: &mut impl EventSink<Event>) -> bool {
        self.activate_horseman(Text::Famine, NEUTRAL, log);
        true
    }

    pub(crate) fn war_card(&mut self, s: u8, _k: u8, log: &mut impl EventSink<Event>) -> bool {
        self.activate_horseman(Text::War, s, log);
        if self.apocalypse {
            return true;
        }
        self.who = s;
        self.phase = Phase::Color { why: ColorWhy::War };
        false
    }

    pub(crate) fn conquest(&mut self, s: u8, _k: u8, log: &mut impl EventSink<Event>) -> bool {
        self.activate_horseman(Text::Conquest, s, log);
        true
    }

    /// Death on `v`: the flip sets the clock (L158-L162, C61).
    pub(crate) fn death_on(&mut self, v: u8, log: &mut impl EventSink<Event>) {
        self.death = v;
        log.event(Event::Field {
            seat: v,
            card: kind(Text::Death),
        });
        let mut clock = 4u16;
        if let Some(k) = self.take_from_pile(log) {
            log.event(Event::Drew { seat: v, card: k });
            if text_of(k).is_horseman() {
                self.activate_horseman(text_of(k), NEUTRAL, log);
            } else if let Some(n) = number_value(k) {
                clock = n as u16;
                self.death_card = k;
            } else {
                self.bury(k);
            }
        }
        let clock = clock + self.lucks(v);
        let clock = clock.saturating_sub(self.viruses[v as usize] as u16);
        self.set_clock(v, clock, log);
        self.check_apocalypse(log);
    }

    fn set_clock(&mut self, v: u8, clock: u16, log: &mut impl EventSink<Event>) {
        self.death_clock = clock.min(255) as u8;
        log.event(Event::DeathClock {
            seat: v,
            clock: self.death_clock,
        });
        if self.death_clock == 0 {
            self.leave(v, Leave::Death, log);
        }
    }

    /// Luck, Yin, Yang (+1) or a Virus (-1) arriving on Death's victim (L160).
    pub(crate) fn adjust_clock(&mut self, s: u8, by: i32, log: &mut impl EventSink<Event>) {
        if (self.death == s) & !self.apocalypse && self.is_alive(s) {
            let c = (self.death_clock as i32 + by).max(0) as u16;
            self.set_clock(s, c, log);
        }
    }

    /// The end of a turn of `s`, taken or skipped: Death's clock (C61).
    pub(crate) fn tick_death(&mut self, s: u8, log: &mut impl EventSink<Event>) {
        if (self.death == s) & !self.apocalypse && self.is_alive(s) {
            let c = self.death_clock.saturating_sub(1) as u16;
            self.set_clock(s, c, log);
        }
    }

    // ----- the Prophet (C64) ----------------------------------------------------------------

    pub(crate) fn prophet_card(&mut self, s: u8, k: u8, log: &mut impl EventSink<Event>) -> bool {
        self.prophet = s;
        self.looked = 0;
        self.seen = [0; crate::game::MAX_PLAYERS];
        log.event(Event::Field { seat: s, card: k });
        if self.alive_count() < 2 {
            return true;
        }
        self.who = s;
        self.phase = Phase::Target {
            why: TargetWhy::ProphetFirst,
        };
        false
    }

    /// The Prophet looks at `t`'s hand; Horsemen seen go into play (L256).
    pub(crate) fn prophet_look(&mut self, t: u8, log: &mut impl EventSink<Event>) {
        let p = self.prophet;
        log.event(Event::Revealed {
            seat: t,
            to: Some(p),
        });
        self.looked |= bit(t);
        let h = self.hands[t as usize];
        self.know.see_hand(p, t, &h);
        // The questions whose text the hand holds, on its presence mask.
        let held = self.hand_mask(t);
        let texts = &super::masks::masks().text;
        let mut seen = 0u16;
        for (q, &qt) in QUESTIONS.iter().enumerate() {
            seen |= ((held & texts[qt as usize] != 0) as u16) << q;
        }
        self.seen[t as usize] = seen;
        for h in [Text::Death, Text::Famine, Text::War, Text::Conquest] {
            let k = kind(h);
            if self.hands[t as usize].has(k as usize) && self.is_alive(t) {
                self.hands[t as usize].remove(k as usize);
                self.know.lose(t, k);
                let holder = if h == Text::Famine { NEUTRAL } else { t };
                self.activate_horseman(h, holder, log);
                if h == Text::War && !self.apocalypse {
                    self.war_pending = t;
                }
            }
        }
    }

    /// The Prophet's answer to `question` (C64).
    pub(crate) fn answer(&mut self, truthful: bool, log: &mut impl EventSink<Event>) {
        let (asker, seat, q) = self.question;
        let p = self.prophet;
        let idx = seat as usize * 10 + q as usize;
        let yes = self.seen[seat as usize] & (1 << q) != 0;
        if !truthful {
            log.event(Event::Answered { yes: None });
            self.dont_remember[idx] = self.dont_remember[idx].saturating_add(1);
            if self.dont_remember[idx] >= 2 {
                self.penalty(p, 2, log);
            }
        } else {
            log.event(Event::Answered { yes: Some(yes) });
        }
        if truthful && yes {
            // Everyone now knows what the Prophet knows of that card.
            let qk = kind(QUESTIONS[q as usize]);
            let b = self.know.get(p as usize, seat as usize, qk as usize);
            self.know.shown_at_least(seat, qk, b);
        }
        // C84 (L254): the Quitter and M.A.D. clauses follow from the question about a card the
        // Prophet saw, whatever the answer, if its holder still holds it.
        if !yes || !self.is_alive(seat) || !self.is_alive(p) {
            return;
        }
        let qt = QUESTIONS[q as usize];
        let k = kind(qt);
        if !self.hands[seat as usize].has(k as usize) {
            return;
        }
        match qt {
            Text::Quitter => {
                if self.opts.mode == Mode::Elimination {
                    self.hands[seat as usize].remove(k as usize);
                    self.know.lose(seat, k);
                    self.bury(k);
                    self.leave(asker, Leave::Prophet, log);
                } else {
                    self.leave(seat, Leave::Prophet, log);
                }
            }
            Text::Mad => self.leave_two(p, seat, Leave::Prophet, log),
            _ => {}
        }
    }

    // ----- accusations (section 11) -----------------------------------------------------------

    pub(crate) fn reveal(&mut self, s: u8, log: &mut impl EventSink<Event>) {
        if !self.is_alive(s) {
            return;
        }
        log.event(Event::Revealed { seat: s, to: None });
        for (k, c) in self.hands[s as usize].iter() {
            for _ in 0..c {
                log.event(Event::Shown {
                    seat: s,
                    card: k as u8,
                });
            }
        }
        self.public_reveal(s);
    }

    /// C83 (L264 "caught with Quitter by any means"): `s`'s hand, just laid out to every
    /// player by Glasnost (or AIDS on it) that `catcher` played, holds Quitter: `s` is Quitted
    /// (normal mode); in elimination mode the catcher is out instead and the Quitter discarded
    /// (L76), the catcher being no one when `s` laid out their own hand (a returned Glasnost).
    pub(crate) fn caught_laid_out(&mut self, s: u8, catcher: u8, log: &mut impl EventSink<Event>) {
        let q = kind(Text::Quitter);
        if !self.is_alive(s) || !self.hands[s as usize].has(q as usize) {
            return;
        }
        match self.opts.mode {
            Mode::Normal => self.leave(s, Leave::Accusation, log),
            Mode::Elimination => {
                self.hands[s as usize].remove(q as usize);
                self.know.lose(s, q);
                self.bury(q);
                if catcher != s {
                    self.leave(catcher, Leave::Accusation, log);
                }
            }
        }
    }

    pub(crate) fn accuse(&mut self, me: u8, t: u8, log: &mut impl EventSink<Event>) {
        let q = kind(Text::Quitter);
        let right = self.hands[t as usize].has(q as usize);
        self.stats.accusations += 1;
        self.stats.accusations_right += right as u16;
        log.event(Event::Accused {
            by: me,
            seat: t,
            right,
        });
        self.reveal(t, log);
        match (right, self.opts.mode) {
            (true, Mode::Normal) => self.leave(t, Leave::Accusation, log),
            (true, Mode::Elimination) => {
                self.hands[t as usize].remove(q as usize);
                self.know.lose(t, q);
                self.bury(q);
                self.leave(me, Leave::Accusation, log);
            }
            (false, Mode::Normal) => self.leave(me, Leave::Accusation, log),
            (false, Mode::Elimination) => self.penalty(me, 8, log),
        }
    }

    // ----- Conquest (L142-L150) -----------------------------------------------------------------

    pub(crate) fn has_army(&self, s: u8) -> bool {
        self.hands[s as usize]
            .iter()
            .any(|(k, _)| number_value(k as u8).is_some())
    }

    /// `s` holds Conquest, has an army and someone left to conquer: an invasion is a possible
    /// move (under Famine it stands for a play, C60, C63).
    pub(crate) fn can_invade(&self, s: u8) -> bool {
        self.conquest == s && self.alive & !bit(s) & !self.conquered != 0 && self.has_army(s)
    }

    pub(crate) fn is_conqueror(&self, s: u8) -> bool {
        self.conquest == s && (self.alive & !bit(s) & !self.conquered) == 0
    }

    pub(crate) fn invade(&mut self, me: u8, t: u8, log: &mut impl EventSink<Event>) {
        log.event(Event::Invaded { by: me, seat: t });
        self.plague_before = self.plague != NONE;
        self.invaded = t;
        if !self.has_army(t) {
            // C59: no army, the defender loses at once and draws 3.
            self.penalty(t, 3, log);
            self.conquer(me, t, log);
            return self.after_invasion(me, log);
        }
        self.who = me;
        self.phase = Phase::Choose {
            why: ChooseWhy::Army { invader: true },
        };
    }

    fn conquer(&mut self, me: u8, t: u8, log: &mut impl EventSink<Event>) {
        let was = self.is_conqueror(me);
        self.conquered |= bit(t);
        if !was && self.is_conqueror(me) {
            self.stats.conquerors += 1;
            log.event(Event::Conqueror { seat: me });
        }
    }

    /// An army is chosen: the invader's, then the defender's; then the battle.
    pub(crate) fn army(&mut self, k: u8, invader: bool, log: &mut impl EventSink<Event>) {
        let s = self.who;
        self.hands[s as usize].remove(k as usize);
        self.know.lose(s, k);
        self.limbo.add(k as usize);
        if invader {
            self.army = k;
            self.who = self.invaded;
            self.phase = Phase::Choose {
                why: ChooseWhy::Army { invader: false },
            };
            return;
        }
        let me = self.current;
        let t = self.invaded;
        let a = self.army;
        log.event(Event::Battle {
            invader_army: a,
            defender_army: k,
        });
        self.stats.battles += 1;
        self.limbo.clear();
        if text_of(a) == Text::Quitter || text_of(k) == Text::Quitter {
            self.bury(a);
            self.bury(k);
            self.leave_two(me, t, Leave::Conquest, log);
            if self.over() {
                return;
            }
            return self.after_invasion(me, log);
        }
        let (va, vd) = (number_value(a).unwrap_or(0), number_value(k).unwrap_or(0));
        if va > vd {
            self.captured.add(a as usize);
            self.captured.add(k as usize);
            self.penalty(t, 2, log);
            self.conquer(me, t, log);
        } else {
            self.bury(a);
            self.bury(k);
            if va < vd {
                self.penalty(me, 2, log);
            }
        }
        self.after_invasion(me, log)
    }

    /// An invasion is the turn's play (C60): Plague's draw, Death's clock, then play goes on.
    fn after_invasion(&mut self, me: u8, log: &mut impl EventSink<Event>) {
        if self.over() {
            return;
        }
        // C82: the invader draws if the Plague was active at the invasion and still is.
        if self.is_alive(me) && self.plague != NONE && self.plague_before && self.lucks(me) == 0 {
            let n = 1 + self.viruses[me as usize] as u16;
            self.draw_n(me, n, log);
        }
        if self.is_alive(me) {
            self.end_own_turn(me, log);
        }
        // C92: the invasion is the turn's play (C60): an invader left on one card has the UNO
        // window of C36, as after any play.
        if self.is_alive(me)
            && self.hands[me as usize].len() == 1
            && self.uno_called & bit(me) == 0
            && !self.over()
        {
            self.uno_seat = me;
            self.uno_stage = 0;
        }
        self.cursor = me;
        self.skips = 0;
        self.again = NONE;
        self.proceed(log)
    }

    // ----- Communism (L138, C54-C57) ----------------------------------------------------------

    pub(crate) fn communism(&mut self, s: u8, log: &mut impl EventSink<Event>) -> bool {
        self.stats.communisms += 1;
        log.event(Event::Communism);
        // The team dissolves (L314): its absorbed seat is back.
        if self.team_kept != NONE {
            self.alive |= bit(self.team_absorbed);
            self.team_kept = NONE;
            self.team_absorbed = NONE;
        }
        if self.opts.mode == Mode::Normal && self.opts.communism_revives {
            for o in 0..self.n {
                if !self.is_alive(o) {
                    self.alive |= bit(o);
                    self.left_order[o as usize] = 0;
                }
            }
        }
        self.limbo.clear();
        if self.recycling {
            // L268: the recycled pile joins the pool; this Communism lies on the original pile.
            let c = self.ref_kind;
            self.recycled.remove(c as usize);
            self.discard.add(c as usize);
            self.top = c;
            let r = self.recycled;
            for (k, n) in r.iter() {
                self.limbo.add_n(k, n);
            }
            self.recycled.clear();
            self.recycling = false;
        }
        for o in 0..self.n {
            if !self.is_alive(o) {
                continue;
            }
            let h = self.hands[o as usize];
            for (k, n) in h.iter() {
                self.limbo.add_n(k, n);
            }
            self.hands[o as usize].clear();
            for _ in 0..std::mem::take(&mut self.shields[o as usize]) {
                self.limbo.add(kind(Text::BlueShield) as usize);
            }
            for _ in 0..std::mem::take(&mut self.viruses[o as usize]) {
                self.limbo.add(kind(Text::Virus) as usize);
            }
        }
        // C54: the personal field cards are pooled.
        let pooled = [
            (Text::Luck, self.luck),
            (Text::Yin, self.yin),
            (Text::Yang, self.yang),
            (Text::Prophet, self.prophet),
            (Text::Death, self.death),
            (Text::War, self.war),
            (Text::Conquest, self.conquest),
        ];
        for (t, holder) in pooled {
            if holder != NONE && holder != NEUTRAL {
                self.limbo.add(kind(t) as usize);
                match t {
                    Text::Luck => self.luck = NONE,
                    Text::Yin => self.yin = NONE,
                    Text::Yang => self.yang = NONE,
                    Text::Prophet => self.prophet = NONE,
                    Text::Death => {
                        self.death = NONE;
                        if self.death_card != NONE {
                            self.bury(self.death_card);
                            self.death_card = NONE;
                        }
                    }
                    Text::War => self.war = NONE,
                    _ => {
                        self.conquest = NONE;
                        self.conquered = 0;
                        // C54: Conquest goes into the pool with its captured armies.
                        let c = self.captured;
                        for (k, n) in c.iter() {
                            self.limbo.add_n(k, n);
                        }
                        self.captured.clear();
                    }
                }
            }
        }
        self.uno_called = 0;
        self.know.forget_all();
        // The piles and the race for them (C55).
        let m = self.alive_count() as u8;
        let total = self.limbo.len() as u16;
        self.small_size = (total / m as u16) as u8;
        self.large_left = (total % m as u16) as u8;
        self.small_left = m - self.large_left;
        let mut order = [NONE; crate::game::MAX_PLAYERS];
        let mut len = 0;
        let mut o = s;
        for _ in 0..self.n {
            o = crate::game::seat_after(o, 1, self.n, self.clockwise);
            if self.is_alive(o) {
                order[len] = o;
                len += 1;
            }
        }
        for i in (1..len).rev() {
            let j = self.rng.below(i as u32 + 1) as usize;
            order.swap(i, j);
        }
        self.pickers = order;
        self.picks = 0;
        self.pile_turn(log)
    }

    /// The next pick of the Communism race: a decision while both sizes remain.
    fn pile_turn(&mut self, log: &mut impl EventSink<Event>) -> bool {
        let m = self.alive_count() as u8;
        while self.picks < m {
            let p = self.pickers[self.picks as usize];
            if self.small_left > 0 && self.large_left > 0 {
                self.who = p;
                self.phase = Phase::Piles;
                return false;
            }
            let large = self.large_left > 0;
            self.take_pile(p, large);
        }
        self.after_communism(log);
        true
    }

    fn take_pile(&mut self, p: u8, large: bool) {
        let size = self.small_size + large as u8;
        if large {
            self.large_left -= 1;
        } else {
            self.small_left -= 1;
        }
        for _ in 0..size {
            let k = self.take_random_limbo();
            self.hands[p as usize].add(k as usize);
        }
        self.picks += 1;
    }

    /// A uniformly random card of `limbo`.
    fn take_random_limbo(&mut self) -> u8 {
        let mut i = self.rng.below(self.limbo.len() as u32) as usize;
        let mut pick = None;
        for (k, c) in self.limbo.iter() {
            if i < c as usize {
                pick = Some(k);
                break;
            }
            i -= c as usize;
        }
        let k = pick.expect("the index lies inside the pool");
        self.limbo.remove(k);
        k as u8
    }

    /// A Communism pile is picked (`PILE_SMALL` / `PILE_LARGE`).
    pub(crate) fn pick_pile(&mut self, large: bool, log: &mut impl EventSink<Event>) {
        let p = self.who;
        self.take_pile(p, large);
        if self.pile_turn(log) {
            self.finish_play(log);
        }
    }

    /// C56: every field card in a new hand becomes active for its holder.
    fn after_communism(&mut self, log: &mut impl EventSink<Event>) {
        for o in 0..self.n {
            if !self.is_alive(o) {
                continue;
            }
            for t in [
                Text::BlueShield,
                Text::Luck,
                Text::Yin,
                Text::Yang,
                Text::Virus,
                Text::Prophet,
                Text::Plague,
                Text::Famine,
                Text::War,
                Text::Conquest,
                Text::Death,
            ] {
                let k = kind(t);
                while self.hands[o as usize].has(k as usize) && self.is_alive(o) {
                    self.hands[o as usize].remove(k as usize);
                    match t {
                        Text::BlueShield => self.shields[o as usize] += 1,
                        Text::Luck => {
                            self.luck_card(o, k, log);
                        }
                        Text::Yin | Text::Yang => self.activate_yy(o, k, log),
                        Text::Virus => self.infect(o, log),
                        Text::Prophet => {
                            self.prophet = o;
                            self.looked = 0;
                            self.seen = [0; crate::game::MAX_PLAYERS];
                        }
                        Text::Plague => {
                            if self.plague == NONE {
                                self.release_plague(o, log);
                            } else {
                                self.bury(k);
                            }
                        }
                        Text::Famine => self.activate_horseman(t, NEUTRAL, log),
                        Text::War => {
                            self.activate_horseman(t, o, log);
                            if !self.apocalypse {
                                self.war_pending = o;
                            }
                        }
                        Text::Conquest => self.activate_horseman(t, o, log),
                        _ => {
                            // L162: the new holder has 7 rounds; C89: Luck, Yin, Yang and
                            // Viruses in the same new hand (active already) adjust them (L160).
                            self.death = o;
                            self.death_card = NONE;
                            log.event(Event::Field { seat: o, card: k });
                            let clock =
                                (7 + self.lucks(o)).saturating_sub(self.viruses[o as usize] as u16);
                            self.set_clock(o, clock, log);
                            self.check_apocalypse(log);
                        }
                    }
                }
            }
        }
    }
}
