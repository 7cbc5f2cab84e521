//! The attack chain (`docs/rules/constitution.md` section 8): launching an attack, the
//! victim's responses, taking it, and where play continues.

use super::cards::*;
use super::event::{Event, Leave};
use super::state::*;
use crate::game::EventSink;

/// What a card does as a response to the pending attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Response {
    Stack,
    Dodge,
    FuckYou,
    Ftpip,
    HolyDefender,
    Aids,
    Magic5,
}

/// The value a +2/+4-family card adds to a stack (section 7), or 0 if it does not stack.
pub fn stack_value(k: u8) -> (u8, u16) {
    match (text_of(k), suit_of(k)) {
        (Text::None, DRAW_TWO) => (2, 2),
        (Text::None, WILD_DRAW_FOUR_SUIT) => (4, 4),
        (Text::Harvester, _) | (Text::DelayedBlast, _) => (4, 4),
        (Text::HotDeath, _) => (4, 8),
        _ => (0, 0),
    }
}

impl ConState {
    /// Sets up `att` as the pending attack.
    pub(crate) fn launch(&mut self, att: Attack, log: &mut impl EventSink<Event>) {
        log.event(Event::Attack {
            victim: att.victim,
            what: att.kind.name(),
            amount: att.amount,
        });
        self.attack = Some(att);
    }

    /// A next-player draw attack of `amount` from `user` (doubled for a team, L310).
    pub(crate) fn draw_attack(
        &mut self,
        user: u8,
        victim: u8,
        amount: u16,
        family: u8,
        k: u8,
        log: &mut impl EventSink<Event>,
    ) {
        let mut a = Attack::new(AttackKind::Draw, user, victim);
        let f = self.team_factor(user);
        a.amount = amount * f;
        a.family = family;
        a.costs_turn = true;
        a.resume = victim;
        // C87: a team's Hot Death adds 16, so it counts as two for Magic 5.
        a.hot_deaths = (text_of(k) == Text::HotDeath) as u8 * f as u8;
        a.harvester = text_of(k) == Text::Harvester;
        a.harvester_last = a.harvester;
        self.launch(a, log);
    }

    /// 2 when `s` is a Yin-Yang team (their draw attacks are doubled), else 1.
    pub(crate) fn team_factor(&self, s: u8) -> u16 {
        if !self.apocalypse && self.team_kept == s {
            2
        } else {
            1
        }
    }

    /// Holds both Yin and Yang: immune to most attacks (L312). A Yin-Yang team holds both
    /// too once merged, but it is two players with one card each: it is halved, not immune
    /// (L310; found by the scenario tests).
    pub(crate) fn immune(&self, s: u8) -> bool {
        !self.apocalypse && self.yin == s && self.yang == s && self.team_kept != s
    }

    /// The pending attack reaches its victim: returns true if a decision is now asked, false
    /// if the attack was settled without one.
    pub(crate) fn offer_attack(&mut self, log: &mut impl EventSink<Event>) -> bool {
        let att = self.attack.expect("an attack is pending");
        let v = att.victim;
        if !self.is_alive(v) {
            // The victim left meanwhile: the attack is spent.
            self.drop_attack(log);
            return false;
        }
        if self.apocalypse {
            if att.kind == AttackKind::Draw && att.family == 4 && self.opts.apocalypse_challenge {
                self.phase = Phase::Challenge;
                return true;
            }
            self.accept(log);
            return false;
        }
        if self.immune(v) {
            use AttackKind::*;
            match att.kind {
                Gift | Gold | Ping | Quitter | Mad => {}
                Draw if att.family != 0 => {}
                _ => {
                    // L312: immune; the attack does nothing.
                    log.event(Event::Responded {
                        seat: v,
                        what: "immune (Yin and Yang)",
                    });
                    self.drop_attack(log);
                    return false;
                }
            }
        }
        self.phase = Phase::Respond;
        true
    }

    /// The attack ends with nothing done: cards in transit go under the discard pile.
    pub(crate) fn drop_attack(&mut self, _log: &mut impl EventSink<Event>) {
        if let Some(att) = self.attack.take() {
            match att.kind {
                AttackKind::Martyr | AttackKind::Gift | AttackKind::Gold => {
                    self.bury_limbo_of(att);
                }
                AttackKind::Dump => self.bury_recycled(),
                AttackKind::Virus => {
                    self.bury(first_kind(Text::Virus).expect("Virus"));
                    self.transit = NONE;
                }
                _ => {}
            }
            self.cursor = att.resume;
            if att.kind != AttackKind::Dump {
                self.skips = 0;
            }
        }
    }

    fn bury_limbo_of(&mut self, att: Attack) {
        match att.kind {
            AttackKind::Gold => {
                for i in 0..self.bank_len as usize {
                    if self.bank_to[i] == att.card {
                        let k = self.bank_kind[i];
                        self.limbo.remove(k as usize);
                        self.bury(k);
                        self.bank_to[i] = NONE;
                        self.bank_kind[i] = NONE;
                    }
                }
            }
            _ => {
                let l = self.limbo;
                for (k, c) in l.iter() {
                    self.discard.add_n(k, c);
                }
                self.limbo.clear();
            }
        }
    }

    fn bury_recycled(&mut self) {
        let r = self.recycled;
        for (k, c) in r.iter() {
            self.discard.add_n(k, c);
        }
        self.recycled.clear();
    }

    /// How `k` may answer the pending attack for `v`, if at all (the table of section 8).
    /// Only kinds of `masks().respond` can answer (keep it in step with this table).
    pub(crate) fn response_of(&self, v: u8, k: u8) -> Option<Response> {
        let att = self.attack?;
        use AttackKind as A;
        let t = text_of(k);
        let (fam, _) = stack_value(k);
        if fam != 0 && att.kind == A::Draw && fam == att.family {
            return Some(Response::Stack);
        }
        if self.immune(v) && att.kind == A::Draw {
            return None;
        }
        let draw_like = matches!(att.kind, A::Draw | A::Backstab);
        match t {
            Text::Dodge => {
                let ok = !att.directed
                    && !att.harvester
                    && matches!(
                        att.kind,
                        A::Draw | A::Backstab | A::Ttr | A::Dump | A::Quitter
                    );
                ok.then_some(Response::Dodge)
            }
            Text::FuckYou => {
                // C50: a Martyr's batch can be returned though its user has left (it is
                // buried).
                let back = self.is_alive(att.starter) || att.kind == A::Martyr;
                (att.starter != NONE && att.starter != v && back).then_some(Response::FuckYou)
            }
            // C43: FTPIP must match the reference.
            Text::Ftpip => self.matches(k).then_some(Response::Ftpip),
            Text::HolyDefender => {
                let ok =
                    !att.harvester && !matches!(att.kind, A::Ping | A::Gift | A::Gold | A::Dump);
                ok.then_some(Response::HolyDefender)
            }
            Text::Aids => {
                let ok = att.last != NONE
                    && att.last != v
                    && ((draw_like && att.amount > 0)
                        || matches!(att.kind, A::Glasnost | A::Quitter));
                ok.then_some(Response::Aids)
            }
            Text::Magic5 => (att.hot_deaths > 0).then_some(Response::Magic5),
            _ => None,
        }
    }

    /// The victim plays `k` (naming `color`) in response.
    pub(crate) fn respond_with(&mut self, k: u8, color: u8, log: &mut impl EventSink<Event>) {
        let v = self.attack_victim();
        self.resp = self.response_of(v, k);
        debug_assert!(self.resp.is_some(), "checked legal");
        self.play_card(v, k, color, Ctx::Respond, log);
    }

    /// The response effect of `k` played by `v` (called from `effect` in the Respond context).
    /// Returns true when the play is finished (no further decision).
    pub(crate) fn response_effect(
        &mut self,
        v: u8,
        k: u8,
        log: &mut impl EventSink<Event>,
    ) -> bool {
        let Some(mut att) = self.attack else {
            return true;
        };
        let Some(r) = self.resp.take() else {
            return true;
        };
        match r {
            Response::Stack => {
                let (_, val) = stack_value(k);
                let t = text_of(k);
                let f = self.team_factor(v);
                att.amount += val * f;
                att.last = v;
                att.hot_deaths += (t == Text::HotDeath) as u8 * f as u8;
                att.harvester |= t == Text::Harvester;
                att.harvester_last = t == Text::Harvester;
                att.victim = self.next_of(v);
                att.costs_turn = true;
                att.resume = att.victim;
                self.attack = Some(att);
                log.event(Event::Attack {
                    victim: att.victim,
                    what: "stack",
                    amount: att.amount,
                });
                true
            }
            Response::Dodge => {
                att.victim = if att.backwards {
                    self.prev_of(v)
                } else {
                    self.next_of(v)
                };
                if att.costs_turn {
                    att.resume = att.victim;
                }
                self.attack = Some(att);
                log.event(Event::Responded {
                    seat: v,
                    what: "Dodge",
                });
                // C42; C94: a dodger left on one card uncalled is asked too (the late call).
                if att.family == 2
                    && self.hands[v as usize]
                        .iter()
                        .any(|(k, _)| stack_value(k as u8).0 == 2)
                {
                    self.who = v;
                    self.phase = Phase::DodgeAdd;
                    return false;
                }
                true
            }
            Response::FuckYou => {
                log.event(Event::Responded {
                    seat: v,
                    what: "Fuck You",
                });
                self.clockwise = !self.clockwise;
                att.victim = att.starter;
                att.costs_turn = false;
                att.resume = att.starter;
                att.directed = true;
                self.attack = Some(att);
                if !self.is_alive(att.starter) {
                    // C50: the Martyr has left: the returned cards go under the discard pile;
                    // play continues after the Martyr's seat in the new direction.
                    self.drop_attack(log);
                    self.again = NONE;
                }
                true
            }
            Response::Ftpip => {
                log.event(Event::Responded {
                    seat: v,
                    what: "Fuck This Person In Particular",
                });
                self.who = v;
                self.phase = Phase::Target {
                    why: TargetWhy::Ftpip,
                };
                false
            }
            Response::HolyDefender => {
                log.event(Event::Responded {
                    seat: v,
                    what: "Holy Defender",
                });
                let backstab = att.kind == AttackKind::Backstab;
                self.attack = Some(Attack { resume: v, ..att });
                self.drop_attack(log);
                if backstab {
                    // L126: blocked, the turn order reverses.
                    self.clockwise = !self.clockwise;
                }
                self.cursor = v;
                self.skips = 0;
                self.again = NONE;
                true
            }
            Response::Aids => {
                log.event(Event::Responded {
                    seat: v,
                    what: "AIDS",
                });
                self.attack = None;
                let other = att.last;
                match att.kind {
                    AttackKind::Glasnost => {
                        self.reveal(v, log);
                        self.reveal(other, log);
                        // C83: each laid out the other's hand.
                        self.caught_laid_out(v, other, log);
                        self.caught_laid_out(other, v, log);
                    }
                    AttackKind::Quitter => {
                        self.leave_two(v, other, Leave::Quitter, log);
                    }
                    _ => {
                        // C52: the attacker takes the rounded-down half.
                        let theirs = att.amount / 2;
                        let mine = att.amount - theirs;
                        let unhalved = att.harvester;
                        let m = self.formula(v, mine, true, unhalved, false);
                        self.draw_n(v, m, log);
                        if self.is_alive(other) {
                            let t = self.formula(other, theirs, true, unhalved, false);
                            self.draw_n(other, t, log);
                        }
                    }
                }
                self.cursor = v;
                self.skips = 0;
                self.again = NONE;
                true
            }
            Response::Magic5 => {
                log.event(Event::Responded {
                    seat: v,
                    what: "Magic 5",
                });
                // L226, C87: what the Hot Deaths added (8 each, 16 for a team's).
                att.amount = att.amount.saturating_sub(8 * att.hot_deaths as u16);
                att.hot_deaths = 0;
                if att.amount == 0 {
                    self.attack = None;
                    self.cursor = v;
                    self.skips = 0;
                    self.again = NONE;
                } else {
                    self.attack = Some(att);
                }
                true
            }
        }
    }

    /// The victim takes the pending attack (steps 4-7 of the chain).
    pub(crate) fn accept(&mut self, log: &mut impl EventSink<Event>) {
        let att = self.attack.take().expect("an attack is pending");
        let v = att.victim;
        log.event(Event::Responded {
            seat: v,
            what: "takes it",
        });
        let mut cursor = if att.costs_turn { v } else { att.resume };
        if att.costs_turn {
            self.skipped |= bit(v);
        }
        use AttackKind as A;
        match att.kind {
            A::Draw | A::Backstab => {
                if self.immune(v) && att.kind == A::Draw {
                    // L312: their turn is skipped, unless the stack ends with a Harvester.
                    if att.harvester_last {
                        self.draw_n(v, att.amount, log);
                    }
                } else if self.shields[v as usize] > 0 && !self.apocalypse {
                    let n = self.formula(v, att.amount, true, att.harvester, false);
                    if att.harvester {
                        self.break_shield(v, log);
                        let m = self.formula(v, 4, true, true, false);
                        self.draw_n(v, m, log);
                    } else {
                        let broke = n >= 4;
                        if broke {
                            self.break_shield(v, log);
                        }
                        log.event(Event::Absorbed { seat: v, broke });
                        self.skipped |= bit(v);
                        if att.kind == A::Backstab {
                            // L126: a blocked Backstab reverses the order.
                            self.clockwise = !self.clockwise;
                            cursor = v;
                        }
                    }
                } else {
                    let n = self.formula(v, att.amount, true, att.harvester, false);
                    self.draw_n(v, n, log);
                }
            }
            A::Ttr => {
                if self.shields[v as usize] > 0 && !self.apocalypse {
                    self.break_shield(v, log);
                    log.event(Event::Absorbed {
                        seat: v,
                        broke: true,
                    });
                } else {
                    self.taste_the_rainbow(v, log);
                    // C30: no number to modify, but Plague's +1 still applies after it.
                    if self.plague != NONE && !self.apocalypse && self.lucks(v) == 0 {
                        self.draw_n(v, 1, log);
                    }
                }
            }
            A::Dump => {
                let r = self.recycled;
                // The recycled pile is face up: everyone knows what the victim takes.
                self.know.learn_all(v, &r);
                let mut c = 0u16;
                for (k, n) in r.iter() {
                    for _ in 0..n {
                        self.gain(v, k as u8, log);
                        c += 1;
                    }
                }
                self.recycled.clear();
                log.event(Event::Recycled { seat: v, cards: c });
            }
            A::Quitter => self.leave(v, Leave::Quitter, log),
            A::Glasnost => {
                self.reveal(v, log);
                self.caught_laid_out(v, att.starter, log);
            }
            A::Mad => self.leave_two(att.starter, v, Leave::Mad, log),
            A::Martyr => {
                let l = self.limbo;
                self.limbo.clear();
                for (k, n) in l.iter() {
                    for _ in 0..n {
                        self.gain(v, k as u8, log);
                    }
                }
                self.know.deliver_martyr(v);
            }
            A::Virus => {
                self.transit = NONE;
                self.infect(v, log)
            }
            A::Gift => {
                self.limbo.remove(att.card as usize);
                if self.gain(v, att.card, log) {
                    self.know.learn(att.starter, v, att.card, 1);
                }
            }
            A::Gold => {
                for i in 0..self.bank_len as usize {
                    if self.bank_to[i] == att.card {
                        let k = self.bank_kind[i];
                        self.limbo.remove(k as usize);
                        self.bank_to[i] = NONE;
                        self.bank_kind[i] = NONE;
                        if self.gain(v, k, log) {
                            self.know.learn(att.starter, v, k, 1);
                        }
                    }
                }
            }
            A::Ping => {
                self.draw_n(v, 1, log);
            }
        }
        if att.kind != A::Dump {
            self.cursor = cursor;
            self.skips = 0;
            self.again = NONE;
        }
        if att.kind == A::Gold {
            self.next_gold_batch(att.starter, log);
        }
        if att.costs_turn {
            // C61: a turn lost to a draw attack is a skipped turn: Death's clock ticks.
            self.tick_death(v, log);
        }
    }

    /// FTPIP's new victim `s` (L182): play continues after the FTPIP user unless `s` defends.
    pub(crate) fn deflect(&mut self, user: u8, s: u8, log: &mut impl EventSink<Event>) {
        if let Some(mut att) = self.attack {
            att.victim = s;
            att.directed = true;
            att.costs_turn = false;
            att.resume = user;
            self.attack = Some(att);
            log.event(Event::Target {
                seat: user,
                target: s,
            });
        }
    }

    /// The Apocalypse's challenge of a Wild Draw Four (C70, classic rules).
    pub(crate) fn challenge(&mut self, log: &mut impl EventSink<Event>) {
        let att = self.attack.take().expect("an attack is pending");
        let v = att.victim;
        self.counters.challenges += 1;
        if self.guilty {
            self.counters.challenges_won += 1;
            self.draw_n(att.last, 4, log);
            self.cursor = self.prev_of(v);
        } else {
            self.draw_n(v, 6, log);
            self.skipped |= bit(v);
            self.cursor = v;
        }
        self.skips = 0;
        self.again = NONE;
    }
}
