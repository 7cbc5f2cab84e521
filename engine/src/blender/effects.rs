//! What each card does (`docs/rules/blender.md` sections 5, 8, 9): one small function per
//! action symbol and modifier, called by the resolution in `decide.rs`.

use super::cards::{
    bit, kinds, stack_number_value, Modifier, Side, Sym, DRAW_FAMILY, NO_NUMBER, STACK_FAMILY, WILD,
};
use super::event::Event;
use super::state::{BlenderState, Phase, Shown, StackKind, Stage, TargetWhy, NONE};
use crate::game::EventSink;

/// The side of kind `k` played (`flexed`: its flex side).
#[inline]
pub fn side(k: u16, flexed: bool) -> Side {
    let kd = &kinds()[k as usize];
    if flexed {
        kd.flex.expect("a flexed card has a flex side")
    } else {
        kd.normal
    }
}

impl BlenderState {
    /// Lays `k` from `seat`'s hand on the shown pile; Draw and Stack cards join the stack
    /// (B18). Sets up its resolution.
    pub(crate) fn lay(
        &mut self,
        seat: u8,
        k: u16,
        flexed: bool,
        last: bool,
        log: &mut impl EventSink<Event>,
    ) {
        let removed = self.hands[seat as usize].remove(k as usize);
        debug_assert!(removed, "seat {seat} lays {k} it does not hold");
        self.touch(seat);
        self.k_removed(seat, k as usize);
        if self.hands[seat as usize].len() != 1 {
            // A hand that left one card and comes back to one (a Swap after the last card)
            // changes to one card again (11).
            self.ones &= !super::state::bit(seat);
        }
        let kd = &kinds()[k as usize];
        let sd = side(k, flexed);
        let prev = self.shown;
        let mini = self.mini_active;
        log.event(Event::Played {
            seat,
            card: k,
            flexed,
        });
        if flexed {
            self.red |= super::state::bit(seat);
            self.stats.flexes += 1;
            log.event(Event::Power { seat, red: true });
            self.all_red_check(log);
        }
        if mini {
            self.mini[k as usize] += 1;
            self.mini_len += 1;
            self.shown = Shown {
                kind: k,
                color: if kd.normal.color == WILD {
                    self.mini_color
                } else {
                    kd.normal.color
                },
                number: kd.normal.number,
            };
        } else {
            self.discard[k as usize] += 1;
            self.shown = Shown {
                kind: k,
                color: kd.normal.color,
                number: kd.normal.number,
            };
        }
        let mut res = super::state::Res::new(seat, k, flexed, last, mini);
        let is_hash = !flexed && sd.syms & bit(Sym::Hash) != 0;
        if is_hash {
            let free = prev.color == sd.color || self.sym_match(sd.syms, self.shown_syms_of(&prev));
            if !free {
                res.hash_only = prev.number;
            }
        }
        res.stage = if is_hash {
            Stage::Number
        } else if !flexed && super::cards::quiet(k as usize) {
            // No colour, action or modifier to resolve.
            Stage::Checks
        } else if last || self.opts.events_every_card {
            Stage::Color
        } else {
            Stage::Checks
        };
        self.res = res;
        if !mini && sd.syms & (DRAW_FAMILY | STACK_FAMILY) != 0 {
            self.add_to_stack(sd.syms, log);
        }
    }

    /// The symbols a shown card matches through (its normal side).
    #[inline]
    pub(crate) fn shown_syms_of(&self, s: &Shown) -> u64 {
        kinds()[s.kind as usize].normal.syms
    }

    /// A Draw or Stack card's penalty joins the stack (section 5).
    fn add_to_stack(&mut self, syms: u64, log: &mut impl EventSink<Event>) {
        let add: u16 = if syms & bit(Sym::Draw2) != 0 {
            2
        } else if syms & bit(Sym::Draw4) != 0 {
            4
        } else if syms & bit(Sym::Draw6) != 0 {
            6
        } else if syms & bit(Sym::Draw10) != 0 {
            10
        } else if syms & bit(Sym::Stack1) != 0 {
            1
        } else if syms & bit(Sym::Stack2) != 0 {
            2
        } else if syms & bit(Sym::Stack3) != 0 {
            3
        } else {
            self.stack_number(log)
        };
        self.stack += add;
        self.stack_kind = if syms & DRAW_FAMILY != 0 {
            StackKind::Draw
        } else {
            StackKind::Stack
        };
        self.stats.max_stack = self.stats.max_stack.max(self.stack);
        log.event(Event::Stack { total: self.stack });
    }

    /// Wild Stack Number (9.20): cards are turned until a number card; all are burned.
    fn stack_number(&mut self, log: &mut impl EventSink<Event>) -> u16 {
        let golf = self.opts.stack_number_golf;
        loop {
            let Some(k) = self.pull(log) else { return 0 };
            log.event(Event::Turned { card: k });
            self.discard[k as usize] += 1;
            if let Some(v) = stack_number_value(k as usize, golf) {
                return v as u16;
            }
        }
    }

    /// The card's actions, left to right (section 7): Reverse first, then its other symbol.
    /// Sets a decision phase when the action needs one; otherwise moves on to the modifier.
    pub(crate) fn action(&mut self, log: &mut impl EventSink<Event>) {
        let sd = side(self.res.kind, self.res.flexed);
        let syms = sd.syms;
        if self.res.sub == 0 {
            self.res.sub = 1;
            if syms & bit(Sym::Reverse) != 0 {
                self.reverse(log);
            }
        }
        self.res.stage = Stage::Modifier;
        let main = syms & !bit(Sym::Reverse);
        if main == 0 {
            return;
        }
        let sym = main.trailing_zeros() as u8;
        use Sym::*;
        match sym {
            s if s == Skip as u8 => self.res.steps = 2,
            s if s == SkipEveryone as u8 => self.res.steps = 0,
            s if s == PointTaken as u8 => self.point_taken(log),
            s if s == PileUp as u8 => self.pile_up(log),
            s if s == DrawnTogether as u8 => self.ask_target(TargetWhy::DrawnTogether),
            s if s == DiscardColor as u8 => self.discard_color(sd.color, log),
            s if s == ColorRoulette as u8 => self.color_roulette(log),
            s if s == EveryoneDraw1 as u8 => self.everyone_draw(1, log),
            s if s == EveryoneDraw2 as u8 => self.everyone_draw(2, log),
            s if s == TargetedDraw2 as u8 => self.ask_target(TargetWhy::TargetedDraw(2)),
            s if s == TargetedDraw4 as u8 => self.ask_target(TargetWhy::TargetedDraw(4)),
            s if s == AllFlip as u8 => self.all_flip(log),
            s if s == Shield as u8 => self.shield(log),
            s if s == SuperStar as u8 => self.super_star(log),
            s if s == TeamPlay as u8 => self.ask_target(TargetWhy::TeamPlay),
            s if s == DoubleDraw2 as u8 => self.ask_target(TargetWhy::DoubleDraw(2)),
            s if s == TargetedSkip as u8 => self.ask_target(TargetWhy::TargetedSkip),
            s if s == DoubleSpeedUp as u8 => self.speed_up(2, log),
            s if s == Swap as u8 => self.ask_target(TargetWhy::Swap),
            s if s == RefreshHand as u8 => self.refresh_hand(log),
            s if s == ForceTrade as u8 => self.ask_target(TargetWhy::ForceTrade),
            s if s == PassHands as u8 => self.pass_hands(log),
            // Draw and Stack cards (the stack is done), Gift, Creeper, #, DOS: nothing more.
            _ => {}
        }
    }

    /// The card's modifier (section 8), for the last card.
    pub(crate) fn modifier(&mut self, log: &mut impl EventSink<Event>) {
        self.res.in_mod = true;
        self.res.stage = Stage::Checks;
        let m = if self.res.flexed {
            Modifier::None
        } else {
            kinds()[self.res.kind as usize].modifier
        };
        match m {
            Modifier::None => {}
            Modifier::Flip => {
                let p = self.res.player;
                if self.is_alive(p) {
                    self.flip_power(p, log);
                    self.all_red_check(log);
                }
            }
            Modifier::Trade => self.ask_target(TargetWhy::Trade),
            Modifier::Pass => self.pass_hands(log),
            Modifier::Swap => self.ask_target(TargetWhy::Swap),
            Modifier::SpeedUp => self.speed_up(1, log),
        }
    }

    /// After a decision of the action or the modifier: on to the next stage.
    pub(crate) fn after_effect(&mut self) {
        self.res.stage = if self.res.in_mod {
            Stage::Checks
        } else {
            Stage::Modifier
        };
        self.phase = Phase::Busy;
    }

    /// Asks the card's player to choose a player, when any choice is legal.
    pub(crate) fn ask_target(&mut self, why: TargetWhy) {
        let p = self.res.player;
        self.res.t1 = NONE;
        if self.any_target(why, p) {
            self.phase = Phase::Target { why, seat: p };
        }
    }

    // ----- one function per action -----

    fn reverse(&mut self, log: &mut impl EventSink<Event>) {
        self.clockwise = !self.clockwise;
        log.event(Event::Direction {
            clockwise: self.clockwise,
        });
        if self.alive_count() == 2 && self.opts.two_player_reverse_skips {
            self.res.steps = 2;
        }
    }

    fn speed_up(&mut self, by: u8, log: &mut impl EventSink<Event>) {
        self.tempo = self.tempo.saturating_add(by).min(60);
        self.stats.max_tempo = self.stats.max_tempo.max(self.tempo);
        log.event(Event::Tempo { tempo: self.tempo });
    }

    fn shield(&mut self, log: &mut impl EventSink<Event>) {
        if self.stack_kind != StackKind::None {
            self.end_stack();
            log.event(Event::StackEnded);
        }
    }

    fn super_star(&mut self, log: &mut impl EventSink<Event>) {
        let victim = self.prev_active;
        if self.stack_kind == StackKind::None || victim == NONE {
            return;
        }
        if !self.is_alive(victim) {
            // B49: an eliminated player draws nothing; the stack still ends.
            self.end_stack();
            log.event(Event::StackEnded);
            return;
        }
        let n = self.stack;
        self.end_stack();
        self.stats.stacks_taken += 1;
        self.stats.stack_cards += n as u32;
        log.event(Event::StackTaken {
            seat: victim,
            cards: n,
        });
        self.penalty(victim, n, log);
    }

    fn all_flip(&mut self, log: &mut impl EventSink<Event>) {
        for s in 0..self.n {
            if self.is_alive(s) {
                self.flip_power(s, log);
            }
        }
        self.all_red_check(log);
    }

    fn discard_color(&mut self, c: u8, log: &mut impl EventSink<Event>) {
        let p = self.res.player as usize;
        let mut burned = 0u16;
        let h = self.hands[p];
        for (k, cnt) in h.iter() {
            if kinds()[k].normal.color == c {
                for _ in 0..cnt {
                    self.hands[p].remove(k);
                }
                self.touch(p as u8);
                self.k_removed(p as u8, k);
                self.discard[k] += cnt;
                burned += cnt as u16;
            }
        }
        log.event(Event::Burned {
            seat: p as u8,
            cards: burned,
        });
        // B: emptying the hand this way needs no UNO call; a hand left at one card does.
    }

    fn refresh_hand(&mut self, log: &mut impl EventSink<Event>) {
        let p = self.res.player;
        let m = self.burn_hand(p, log);
        self.draw(p, m, true, log);
    }

    fn everyone_draw(&mut self, n: u16, log: &mut impl EventSink<Event>) {
        let p = self.res.player;
        let mut s = self.next_alive(p);
        while s != p {
            self.penalty(s, n, log);
            s = self.next_alive(s);
        }
    }

    /// Wild Color Roulette (9.12): the next player turns cards until the colour appears.
    fn color_roulette(&mut self, log: &mut impl EventSink<Event>) {
        let p = self.res.player;
        let victim = self.next_alive(p);
        let c = self.shown.color;
        let mut got = 0u16;
        let mut creeper = false;
        while let Some(k) = self.pull(log) {
            log.event(Event::Turned { card: k });
            creeper |= self.take_drawn(victim, k, true, log);
            got += 1;
            if kinds()[k as usize].normal.color == c {
                break;
            }
        }
        log.event(Event::Penalty {
            seat: victim,
            cards: got,
        });
        let partner = self.link_partner(victim);
        if partner != NONE && got > 0 {
            // B28: the mirrored draw is not mirrored back.
            let n = self.draw(partner, got, false, log);
            log.event(Event::Penalty {
                seat: partner,
                cards: n,
            });
        }
        if creeper {
            self.creeper_enters(victim, log);
        }
        // The player after the victim; a Targeted Skip on them is used only when the turn
        // passes, after the jump-in window (`stage_next`, B48).
        self.res.next = self.next_alive(victim);
    }

    /// Wild Pile Up (9.7): cards are turned until a coloured one starts the mini-pile.
    fn pile_up(&mut self, log: &mut impl EventSink<Event>) {
        loop {
            let Some(k) = self.pull(log) else { return };
            let kd = &kinds()[k as usize];
            if kd.normal.color == WILD {
                log.event(Event::Turned { card: k });
                self.discard[k as usize] += 1;
                continue;
            }
            log.event(Event::MiniPile { card: k });
            self.main_shown = self.shown;
            self.mini_active = true;
            self.mini_color = kd.normal.color;
            self.mini[k as usize] += 1;
            self.mini_len = 1;
            self.shown = Shown {
                kind: k,
                color: kd.normal.color,
                number: kd.normal.number,
            };
            self.stats.mini_piles += 1;
            return;
        }
    }

    /// A player who falls short on the mini-pile picks it up (9.7); play returns to the
    /// normal pile.
    pub(crate) fn pick_up_mini(&mut self, seat: u8, log: &mut impl EventSink<Event>) {
        let mut creeper = false;
        for k in 0..self.mini.len() {
            let c = self.mini[k];
            if c > 0 {
                self.hands[seat as usize].add_n(k, c);
                self.touch(seat);
                self.k_public(seat, k, c);
                creeper |= k == super::cards::wild::CREEPER;
                self.mini[k] = 0;
            }
        }
        log.event(Event::MiniPickedUp {
            seat,
            cards: self.mini_len,
        });
        self.mini_len = 0;
        self.mini_active = false;
        self.mini_color = WILD;
        self.shown = self.main_shown;
        self.stats.mini_pickups += 1;
        if creeper {
            self.creeper_enters(seat, log);
        }
    }

    /// Point Taken (9.9): the link ends; the pointing starts with the card's player.
    fn point_taken(&mut self, log: &mut impl EventSink<Event>) {
        if self.link.0 != NONE {
            self.link = (NONE, NONE);
            log.event(Event::Unlinked);
        }
        self.points = [NONE; crate::game::MAX_PLAYERS];
        let p = self.res.player;
        let first = if self.is_alive(p) {
            p
        } else {
            self.next_alive(p)
        };
        if self.alive_count() >= 2 {
            self.phase = Phase::Point { seat: first };
        }
    }

    /// Everyone has pointed: each draws one per finger, capped (from the card's player on).
    pub(crate) fn point_draws(&mut self, log: &mut impl EventSink<Event>) {
        let mut fingers = [0u16; crate::game::MAX_PLAYERS];
        for s in 0..self.n as usize {
            let at = self.points[s];
            if at != NONE {
                log.event(Event::Pointed { seat: s as u8, at });
                fingers[at as usize] += 1;
            }
        }
        let p = self.res.player;
        let first = if self.is_alive(p) {
            p
        } else {
            self.next_alive(p)
        };
        let mut s = first;
        loop {
            let f = fingers[s as usize].min(self.opts.point_taken_cap as u16);
            if f > 0 {
                self.penalty(s, f, log);
            }
            s = self.next_alive(s);
            if s == first {
                break;
            }
        }
    }

    /// Applies a `TARGET` choice.
    pub(crate) fn target_chosen(
        &mut self,
        why: TargetWhy,
        chooser: u8,
        t: u8,
        log: &mut impl EventSink<Event>,
    ) {
        match why {
            TargetWhy::Gift => {
                let c = (0..4)
                    .find(|&c| self.gifts[chooser as usize][c] > 0)
                    .expect("a gift is pending");
                self.gifts[chooser as usize][c] -= 1;
                let g = super::cards::colored(c as u8, super::cards::face::GIFT) as u16;
                self.give(chooser, t, g, true, log);
                self.phase = Phase::Busy;
            }
            TargetWhy::Trade => {
                self.exchange(chooser, t, log);
                self.after_effect();
            }
            TargetWhy::Swap => {
                self.res.t1 = t;
                self.swap_next(log);
            }
            TargetWhy::TeamPlay => {
                self.team_play = t;
                self.res.next = t;
                log.event(Event::TeamPlay { seat: t });
                self.after_effect();
            }
            TargetWhy::TargetedDraw(n) => {
                self.penalty(t, n as u16, log);
                self.after_effect();
            }
            TargetWhy::DoubleDraw(left) => {
                self.penalty(t, 2, log);
                if left > 1 && self.any_target(TargetWhy::DoubleDraw(1), chooser) {
                    self.phase = Phase::Target {
                        why: TargetWhy::DoubleDraw(1),
                        seat: chooser,
                    };
                } else {
                    self.after_effect();
                }
            }
            TargetWhy::TargetedSkip => {
                self.targeted_skips[t as usize] += 1;
                log.event(Event::TargetedSkip { seat: t });
                self.after_effect();
            }
            TargetWhy::DrawnTogether | TargetWhy::ForceTrade => {
                if self.res.t1 == NONE {
                    self.res.t1 = t;
                    self.phase = Phase::Target { why, seat: chooser };
                } else {
                    let a = self.res.t1;
                    if why == TargetWhy::ForceTrade {
                        self.exchange(a, t, log);
                    } else {
                        self.link = (a.min(t), a.max(t));
                        self.stats.links += 1;
                        log.event(Event::Linked {
                            a: self.link.0,
                            b: self.link.1,
                        });
                    }
                    self.after_effect();
                }
            }
        }
    }

    /// Swap (B23): the player gives, then the target, then both cards move.
    fn swap_next(&mut self, log: &mut impl EventSink<Event>) {
        let p = self.res.player;
        let t = self.res.t1;
        if self.res.give == super::state::NO_CARD
            && !self.hands[p as usize].is_empty()
            && self.res.sub < 2
        {
            self.res.sub = 2;
            self.phase = Phase::Give { seat: p };
            return;
        }
        if self.res.sub < 3 && !self.hands[t as usize].is_empty() {
            self.res.sub = 3;
            self.phase = Phase::Give { seat: t };
            return;
        }
        // The target had nothing to give.
        let g = self.res.give;
        if g != super::state::NO_CARD {
            self.give(p, t, g, false, log);
        }
        self.res.give = super::state::NO_CARD;
        self.after_effect();
    }

    /// Applies a `GIVE` choice.
    pub(crate) fn give_chosen(&mut self, seat: u8, k: u16, log: &mut impl EventSink<Event>) {
        let p = self.res.player;
        if seat == p && self.res.sub == 2 {
            self.res.give = k;
            self.swap_next(log);
        } else {
            let t = self.res.t1;
            let g = self.res.give;
            if g != super::state::NO_CARD {
                self.give(p, t, g, false, log);
            }
            self.give(t, p, k, false, log);
            self.res.give = super::state::NO_CARD;
            self.after_effect();
        }
    }

    /// Whether `chooser` has any legal `TARGET` for `why` now.
    pub(crate) fn any_target(&self, why: TargetWhy, chooser: u8) -> bool {
        (0..self.n).any(|t| self.target_ok(why, chooser, t))
    }

    /// Whether seat `t` is a legal choice.
    pub(crate) fn target_ok(&self, why: TargetWhy, chooser: u8, t: u8) -> bool {
        if !self.is_alive(t) {
            return false;
        }
        match why {
            TargetWhy::ForceTrade => self.res.t1 == NONE || t != self.res.t1,
            TargetWhy::DrawnTogether => {
                let self_ok = self.opts.drawn_together_self || t != chooser;
                if !self_ok {
                    return false;
                }
                if self.res.t1 == NONE {
                    // A second pick must exist.
                    (0..self.n).any(|u| {
                        u != t
                            && self.is_alive(u)
                            && (self.opts.drawn_together_self || u != chooser)
                            && (t.min(u), t.max(u)) != self.link
                    })
                } else {
                    let a = self.res.t1;
                    t != a && (a.min(t), a.max(t)) != self.link
                }
            }
            _ => t != chooser,
        }
    }

    /// Sets the restricted `#` number and checks a `NUMBER` choice.
    pub(crate) fn number_ok(&self, v: u8) -> bool {
        self.res.hash_only == NO_NUMBER || self.res.hash_only == v
    }
}
