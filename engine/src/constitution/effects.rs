//! What each card does when played (`docs/rules/constitution.md` section 13), one small
//! function per card, and the first card's start conditions (section 4).

use super::attack::stack_value;
use super::cards::*;
use super::event::{Event, Leave};
use super::options::Mode;
use super::state::*;
use crate::game::EventSink;

impl ConState {
    /// The effect of `k` just played by `s`. Returns true when the play is finished, false
    /// when a decision of the play (a victim, a colour, a card) is now asked; its handler then
    /// calls `finish_play`.
    pub(crate) fn effect(
        &mut self,
        s: u8,
        k: u8,
        ctx: Ctx,
        log: &mut impl EventSink<Event>,
    ) -> bool {
        if ctx == Ctx::Respond {
            return self.response_effect(s, k, log);
        }
        if ctx == Ctx::Jump && self.attack.is_some_and(|a| a.is_stack()) && stack_value(k).0 != 0 {
            return self.jump_on_stack(s, k, log);
        }
        if self.apocalypse {
            return self.plain_effect(s, k, log);
        }
        use Text::*;
        match text_of(k) {
            None => self.plain_effect(s, k, log),
            SixtyNine | Aids | Dodge | HolyDefender | PennState | Magic5 | Ftpip => true,
            Backstab => self.backstab(s, log),
            BlueShield => self.blue_shield(s, k, log),
            Clone => self.clone_card(s, log),
            Communism => self.communism(s, log),
            Conquest => self.conquest(s, k, log),
            Cure => self.cure(s, log),
            Death | Virus => {
                self.transit = k;
                self.directed(s, text_of(k))
            }
            Glasnost | Mad | Martyr | Ping => self.directed(s, text_of(k)),
            DelayedBlast => self.delayed_blast(s, k, log),
            DoubleSkip => self.double_skip(),
            Famine => self.famine_card(k, log),
            FuckYou => self.reverse(s, log),
            Gift => self.gift(s),
            GoldCoin => self.gold_coin(s, log),
            Harvester | HotDeath => {
                let (fam, val) = stack_value(k);
                let v = self.next_of(s);
                self.draw_attack(s, v, val, fam, k, log);
                true
            }
            Idlt => self.idlt(s, log),
            Luck => self.luck_card(s, k, log),
            MysteryDraw => self.mystery_draw(s, k, log),
            Plague => {
                self.release_plague(s, log);
                true
            }
            Prophet => self.prophet_card(s, k, log),
            Quitter => self.quitter(s, log),
            Recycler => self.recycler(s, log),
            ReverseSkip => self.reverse_skip(s, log),
            Spreader => self.spreader(s, log),
            Swap => self.swap(s, log),
            Ttr => self.ttr(s, log),
            ChosenOne => self.chosen_one(s, log),
            Flood => self.flood(log),
            War => self.war_card(s, k, log),
            Yin | Yang => true,
        }
    }

    /// A card as its printed colour and suit (plain cards, and every card in the Apocalypse).
    fn plain_effect(&mut self, s: u8, k: u8, log: &mut impl EventSink<Event>) -> bool {
        // The numbers, the Skip and the Wild (most cards) without a jump on the random card's
        // suit: the Skip's count added, then one test for the three suits that do more.
        let suit = suit_of(k);
        self.skips += (suit == SKIP) as u8;
        if suit < REVERSE || suit == WILD_SUIT {
            return true;
        }
        match suit {
            REVERSE => {
                self.reverse(s, log);
            }
            DRAW_TWO => {
                let v = self.next_of(s);
                self.draw_attack(s, v, 2, 2, k, log);
            }
            WILD_DRAW_FOUR_SUIT => {
                let c = self.under_color;
                self.last_wd4 = s;
                self.guilty = c < 4
                    && self.hands[s as usize]
                        .iter()
                        .any(|(h, _)| color_of(h as u8) == c);
                let v = self.next_of(s);
                self.draw_attack(s, v, 4, 4, k, log);
            }
            _ => {}
        }
        true
    }

    /// A jump-in on a draw stack resets it to the card's value (L48, C33).
    fn jump_on_stack(&mut self, s: u8, k: u8, log: &mut impl EventSink<Event>) -> bool {
        let (fam, val) = stack_value(k);
        let v = self.next_of(s);
        self.attack = None;
        self.draw_attack(s, v, val, fam, k, log);
        true
    }

    /// Reverses the direction (a skip with two players, L63); ends the Recycler's pile (C65).
    pub(crate) fn reverse(&mut self, s: u8, log: &mut impl EventSink<Event>) -> bool {
        if self.duel() {
            self.skips += 1;
        } else {
            self.clockwise = !self.clockwise;
        }
        self.dump_recycled(s, log);
        true
    }

    /// The Recycler's dump on the player whose turn it becomes (L268, C66).
    fn dump_recycled(&mut self, s: u8, log: &mut impl EventSink<Event>) {
        if !self.recycling {
            return;
        }
        self.recycling = false;
        let n = self.recycled.len() as u16;
        if n == 0 {
            return;
        }
        self.stats.dumps += 1;
        let v = self.next_of(s);
        let mut a = Attack::new(AttackKind::Dump, s, v);
        a.amount = n;
        a.keep_order = true;
        a.resume = self.cursor;
        self.launch(a, log);
    }

    fn double_skip(&mut self) -> bool {
        self.skips += if self.duel() { 1 } else { 2 };
        true
    }

    fn reverse_skip(&mut self, s: u8, log: &mut impl EventSink<Event>) -> bool {
        if !self.duel() {
            self.clockwise = !self.clockwise;
        }
        self.skips += 1;
        self.dump_recycled(s, log);
        true
    }

    fn backstab(&mut self, s: u8, log: &mut impl EventSink<Event>) -> bool {
        let v = self.prev_of(s);
        let mut a = Attack::new(AttackKind::Backstab, s, v);
        a.amount = 4 * self.team_factor(s);
        a.backwards = true;
        self.launch(a, log);
        true
    }

    fn blue_shield(&mut self, s: u8, k: u8, log: &mut impl EventSink<Event>) -> bool {
        self.shields[s as usize] += 1;
        log.event(Event::Field { seat: s, card: k });
        true
    }

    fn cure(&mut self, s: u8, log: &mut impl EventSink<Event>) -> bool {
        if self.viruses[s as usize] > 0 {
            self.viruses[s as usize] -= 1;
            let v = first_kind(Text::Virus).expect("Virus");
            self.bury(v);
            log.event(Event::FieldDiscarded { card: v });
        }
        true
    }

    /// A directed card: its user picks the victim next.
    fn directed(&mut self, s: u8, t: Text) -> bool {
        if self.alive_count() < 2 {
            if self.transit != NONE {
                self.bury(self.transit);
                self.transit = NONE;
            }
            return true;
        }
        self.who = s;
        self.phase = Phase::Target {
            why: TargetWhy::Directed(t),
        };
        false
    }

    /// C45: a Gift gives a card only if the user keeps one.
    fn gift(&mut self, s: u8) -> bool {
        if self.hands[s as usize].len() < 2 {
            return true;
        }
        self.directed(s, Text::Gift)
    }

    /// The victim `v` of directed card `t` played by `user` is chosen.
    pub(crate) fn directed_at(
        &mut self,
        user: u8,
        t: Text,
        v: u8,
        log: &mut impl EventSink<Event>,
    ) {
        log.event(Event::Target {
            seat: user,
            target: v,
        });
        let kind = match t {
            Text::Death => {
                self.transit = NONE;
                self.death_on(v, log);
                return self.finish_play(log);
            }
            Text::Gift => {
                self.who = user;
                self.phase = Phase::Choose {
                    why: ChooseWhy::GiftCard { to: v },
                };
                return;
            }
            Text::Glasnost => AttackKind::Glasnost,
            Text::Mad => AttackKind::Mad,
            Text::Ping => AttackKind::Ping,
            Text::Virus => AttackKind::Virus,
            Text::Martyr => {
                let h = self.hands[user as usize];
                for (k, c) in h.iter() {
                    self.limbo.add_n(k, c);
                }
                self.know.stash_martyr(user);
                self.hands[user as usize].clear();
                self.leave(user, Leave::Martyr, log);
                AttackKind::Martyr
            }
            _ => unreachable!("not a directed card: {t:?}"),
        };
        if !self.over() {
            let mut a = Attack::new(kind, user, v);
            a.directed = true;
            a.amount = if kind == AttackKind::Martyr {
                self.limbo.len() as u16
            } else {
                1
            };
            // A first card's user is the dealer (section 4): the attack's starter and last
            // stacker, so M.A.D. removes the dealer too and Fuck You and AIDS can answer it;
            // play resumes after the dealer, with the first player.
            self.launch(a, log);
        }
        self.finish_play(log)
    }

    /// The Gift's card `k` goes towards `to`.
    pub(crate) fn gift_card(&mut self, user: u8, to: u8, k: u8, log: &mut impl EventSink<Event>) {
        self.hands[user as usize].remove(k as usize);
        self.know.lose(user, k);
        self.limbo.add(k as usize);
        let mut a = Attack::new(AttackKind::Gift, user, to);
        a.directed = true;
        a.card = k;
        a.amount = 1;
        self.launch(a, log);
        self.finish_play(log)
    }

    fn delayed_blast(&mut self, s: u8, k: u8, log: &mut impl EventSink<Event>) -> bool {
        if self.duel() {
            let v = self.next_of(s);
            self.draw_attack(s, v, 4, 4, k, log);
            return true;
        }
        let skipped = self.next_of(s);
        self.skipped |= bit(skipped);
        self.tick_death(skipped, log);
        if self.over() {
            return true;
        }
        let v = self.next_of(skipped);
        self.draw_attack(s, v, 4, 4, k, log);
        true
    }

    fn mystery_draw(&mut self, s: u8, k: u8, log: &mut impl EventSink<Event>) -> bool {
        if self.under == NONE {
            return true;
        }
        self.md_count = 0;
        if let Some(n) = number_value(self.under).filter(|&n| n > 0) {
            self.md_count = n as u16;
            let v = self.next_of(s);
            self.draw_attack(s, v, n as u16, 0, k, log);
        }
        true
    }

    fn quitter(&mut self, s: u8, log: &mut impl EventSink<Event>) -> bool {
        if self.opts.mode == Mode::Elimination {
            // L75: the user is out instead.
            self.leave(s, Leave::Quitter, log);
            return true;
        }
        let v = self.next_of(s);
        let a = Attack::new(AttackKind::Quitter, s, v);
        self.launch(a, log);
        true
    }

    fn ttr(&mut self, s: u8, log: &mut impl EventSink<Event>) -> bool {
        let v = self.next_of(s);
        let mut a = Attack::new(AttackKind::Ttr, s, v);
        a.costs_turn = true;
        a.resume = v;
        self.launch(a, log);
        true
    }

    /// Taste the Rainbow: draw until a card of each colour or a wild (L284).
    pub(crate) fn taste_the_rainbow(&mut self, v: u8, log: &mut impl EventSink<Event>) {
        let mut colors = 0u8;
        while colors != 0xf && self.is_alive(v) {
            let Some(k) = self.draw_one(v, log) else {
                break;
            };
            if is_wild(k) {
                break;
            }
            colors |= 1 << color_of(k);
        }
    }

    fn recycler(&mut self, s: u8, log: &mut impl EventSink<Event>) -> bool {
        // C78: on an open recycled pile the Recycler is its next reversing card: the pile is
        // dumped (its cards stay in `recycled` for the dump) and no new pile opens. Clearing
        // it here lost the dump's cards (random play, found with the scenario tests).
        let open = self.recycling;
        self.reverse(s, log);
        if !open {
            self.recycling = true;
            self.recycled.clear();
        }
        true
    }

    /// Spreader: everyone else draws two, Penn State holders bounce it (L238, L276).
    fn spreader(&mut self, s: u8, log: &mut impl EventSink<Event>) -> bool {
        let ps = first_kind(Text::PennState).expect("Penn State");
        let mut bounced = 0u16;
        let mut last_ps = NONE;
        let mut o = s;
        for _ in 0..self.n {
            o = self.next_of(o);
            if o == s || !self.is_alive(o) {
                break;
            }
            if self.hands[o as usize].has(ps as usize) {
                self.lay(o, ps, NO_COLOR, log);
                bounced += 1;
                last_ps = o;
                // C76: the forced last card wins only with the UNO call made (L40); without
                // it the holder stays in with no cards.
                if self.hands[o as usize].is_empty()
                    && self.opts.mode == Mode::Normal
                    && self.uno_called & bit(o) != 0
                {
                    self.win(o, log);
                    return true;
                }
            } else {
                self.draw_n(o, 2, log);
            }
        }
        if bounced > 0 {
            self.draw_n(s, 2 * bounced, log);
            self.cursor = last_ps;
            self.skips = 0;
            self.again = NONE;
        } else {
            self.again = s;
        }
        true
    }

    fn swap(&mut self, s: u8, log: &mut impl EventSink<Event>) -> bool {
        let p = self.prev_of(s);
        if p != s {
            self.swap_hands(s, p);
        }
        self.reverse(s, log)
    }

    /// Seats `a` and `b` swap hands (Swap, L280); field cards stay.
    pub(crate) fn swap_hands(&mut self, a: u8, b: u8) {
        let (old_a, old_b) = (self.hands[a as usize], self.hands[b as usize]);
        self.hands.swap(a as usize, b as usize);
        self.uno_called &= !(bit(a) | bit(b));
        self.know.swap(a, b, &old_a, &old_b);
    }

    fn idlt(&mut self, s: u8, log: &mut impl EventSink<Event>) -> bool {
        let n = self.hands[s as usize].len() as u16;
        self.bury_hand(s);
        self.draw_n(s, n, log);
        true
    }

    /// The Chosen One: draw five, keep one, put the rest back in an order of one's choice.
    fn chosen_one(&mut self, s: u8, log: &mut impl EventSink<Event>) -> bool {
        self.limbo.clear();
        for _ in 0..5 {
            let Some(k) = self.take_from_pile(log) else {
                break;
            };
            match text_of(k) {
                Text::Yin | Text::Yang => self.activate_yy(s, k, log),
                Text::Plague if self.plague == NONE => self.release_plague(s, log),
                _ => self.limbo.add(k as usize),
            }
        }
        self.chosen_len = 0;
        if self.limbo.is_empty() {
            return true;
        }
        self.who = s;
        self.phase = Phase::Choose {
            why: ChooseWhy::ChosenKeep,
        };
        false
    }

    /// A Chosen One decision: keep `k`, or put `k` next on the pile.
    pub(crate) fn chosen_pick(&mut self, k: u8, keep: bool, log: &mut impl EventSink<Event>) {
        let s = self.who;
        self.limbo.remove(k as usize);
        if keep {
            self.gain(s, k, log);
        } else {
            self.chosen[self.chosen_len as usize] = k;
            self.chosen_len += 1;
        }
        if self.limbo.len() == 1 {
            let last = self.limbo.iter().next().expect("one card").0 as u8;
            self.limbo.clear();
            self.chosen[self.chosen_len as usize] = last;
            self.chosen_len += 1;
        }
        if self.limbo.is_empty() {
            for i in (0..self.chosen_len as usize).rev() {
                self.pile.push_top_ordered(self.chosen[i] as u16);
            }
            self.ordered_by = s;
            self.chosen_len = 0;
            return self.finish_play(log);
        }
        self.phase = Phase::Choose {
            why: ChooseWhy::ChosenOrder,
        };
    }

    /// Gold Coin: the flip, the bank (L198, C46).
    fn gold_coin(&mut self, s: u8, log: &mut impl EventSink<Event>) -> bool {
        let face_up = self.rng.chance(self.opts.gold_coin_face_up);
        log.event(Event::Coin { face_up });
        let ending = self.hands[s as usize].is_empty() && self.opts.mode == Mode::Normal;
        if ending && face_up {
            self.win(s, log);
            return true;
        }
        self.limbo.clear();
        self.bank_len = 0;
        for _ in 0..self.alive_count() {
            let Some(k) = self.take_from_pile(log) else {
                break;
            };
            if text_of(k) == Text::Plague && self.plague == NONE {
                self.release_plague(s, log);
                continue;
            }
            self.limbo.add(k as usize);
            self.bank_kind[self.bank_len as usize] = k;
            self.bank_to[self.bank_len as usize] = NONE;
            self.bank_len += 1;
        }
        if !face_up || self.alive_count() < 2 {
            let l = self.limbo;
            self.limbo.clear();
            self.bank_len = 0;
            for (k, c) in l.iter() {
                for _ in 0..c {
                    self.gain(s, k as u8, log);
                }
            }
            return true;
        }
        if self.bank_len == 0 {
            return true;
        }
        self.who = s;
        self.phase = Phase::Choose {
            why: ChooseWhy::GoldCard,
        };
        false
    }

    /// The Gold Coin card `k` (its first unassigned copy) is given to `to`.
    pub(crate) fn gold_give(&mut self, i: u8, to: u8, log: &mut impl EventSink<Event>) {
        self.bank_to[i as usize] = to;
        if (0..self.bank_len as usize).any(|j| self.bank_to[j] == NONE) {
            self.phase = Phase::Choose {
                why: ChooseWhy::GoldCard,
            };
            return;
        }
        let user = self.who;
        self.next_gold_batch(user, log);
        self.finish_play(log)
    }

    /// The next recipient's batch becomes a directed attack (it may be redirected, not
    /// blocked).
    pub(crate) fn next_gold_batch(&mut self, user: u8, log: &mut impl EventSink<Event>) {
        let mut r = user;
        for _ in 0..self.n {
            r = crate::game::seat_after(r, 1, self.n, self.clockwise);
            let count = (0..self.bank_len as usize)
                .filter(|&j| self.bank_to[j] == r)
                .count() as u16;
            if count > 0 {
                let mut a = Attack::new(AttackKind::Gold, user, r);
                a.directed = true;
                a.card = r;
                a.amount = count;
                if !self.is_alive(r) {
                    // The recipient left: the batch is buried.
                    self.attack = Some(a);
                    self.drop_attack(log);
                    continue;
                }
                self.launch(a, log);
                return;
            }
        }
        self.bank_len = 0;
    }

    fn flood(&mut self, log: &mut impl EventSink<Event>) -> bool {
        for s in 0..self.n {
            while self.shields[s as usize] > 0 {
                self.break_shield(s, log);
            }
            while self.viruses[s as usize] > 0 {
                self.viruses[s as usize] -= 1;
                let v = first_kind(Text::Virus).expect("Virus");
                self.bury(v);
            }
        }
        for t in [Text::Luck, Text::Prophet] {
            self.discard_single_field(t, log);
        }
        if self.plague != NONE {
            // L294: the Flood's user does not draw from it.
            self.plague = NONE;
            self.bury(first_kind(Text::Plague).expect("Plague"));
            self.no_plague_draw = true;
        }
        true
    }

    fn clone_card(&mut self, s: u8, log: &mut impl EventSink<Event>) -> bool {
        let k = self.ref_effect;
        if k == NONE || is_field(k) {
            return true;
        }
        let v = self.next_of(s);
        use Text::*;
        match text_of(k) {
            None => match suit_of(k) {
                SKIP => self.skips += 1,
                REVERSE => {
                    self.reverse(s, log);
                }
                DRAW_TWO => self.draw_attack(s, v, 2, 2, k, log),
                WILD_DRAW_FOUR_SUIT => self.draw_attack(s, v, 4, 4, k, log),
                _ => {}
            },
            Backstab => {
                let mut a = Attack::new(AttackKind::Draw, s, v);
                a.amount = 4 * self.team_factor(s);
                a.costs_turn = true;
                a.resume = v;
                self.launch(a, log);
            }
            DelayedBlast => return self.delayed_blast(s, k, log),
            Harvester | HotDeath => {
                let (fam, val) = stack_value(k);
                self.draw_attack(s, v, val, fam, k, log);
            }
            MysteryDraw if self.md_count > 0 => {
                self.draw_attack(s, v, self.md_count, 0, k, log);
            }
            DoubleSkip => return self.double_skip(),
            ReverseSkip => return self.reverse_skip(s, log),
            FuckYou => return self.reverse(s, log),
            Glasnost | Mad | Ping => {
                let kind = match text_of(k) {
                    Glasnost => AttackKind::Glasnost,
                    Mad => AttackKind::Mad,
                    _ => AttackKind::Ping,
                };
                let mut a = Attack::new(kind, s, v);
                a.directed = true;
                a.amount = 1;
                self.launch(a, log);
            }
            Martyr => {
                self.who = s;
                self.directed_at(s, Martyr, v, log);
                return false;
            }
            Gift if self.hands[s as usize].len() >= 2 => {
                self.who = s;
                self.phase = Phase::Choose {
                    why: ChooseWhy::GiftCard { to: v },
                };
                return false;
            }
            Quitter => return self.quitter(s, log),
            Ttr => return self.ttr(s, log),
            Spreader => return self.spreader(s, log),
            Communism => return self.communism(s, log),
            Flood => return self.flood(log),
            Idlt => return self.idlt(s, log),
            ChosenOne => return self.chosen_one(s, log),
            Cure => return self.cure(s, log),
            GoldCoin => return self.gold_coin(s, log),
            Swap => {
                if v != s {
                    self.swap_hands(s, v);
                }
                return self.reverse(s, log);
            }
            Recycler => return self.reverse(s, log),
            _ => {}
        }
        true
    }

    // ----- the first card (section 4) ------------------------------------------------------

    pub(crate) fn start_card(&mut self, k: u8, log: &mut impl EventSink<Event>) {
        let d = self.dealer;
        self.pend = Pending {
            seat: d,
            kind: k,
            ctx: Ctx::Start,
        };
        self.pend_open = true;
        let t = text_of(k);
        if t.is_horseman() {
            // L91: neutral play; the top card is a plain Red 4.
            self.activate_horseman(t, NEUTRAL, log);
            self.set_ref(4, 0);
            return self.finish_play(log);
        }
        if is_field(k) {
            self.set_ref(k, color_of(k));
            let done = match t {
                Text::Luck => self.luck_card(d, k, log),
                Text::BlueShield => self.blue_shield(d, k, log),
                Text::Prophet => self.prophet_card(d, k, log),
                Text::Plague => {
                    self.release_plague(d, log);
                    true
                }
                Text::Virus => {
                    self.transit = k;
                    self.directed(d, Text::Virus)
                }
                _ => true,
            };
            if done {
                self.finish_play(log);
            }
            return;
        }
        self.put_on_pile(k, color_of(k));
        let wild = is_wild(k);
        let on_dealer = |st: &mut Self, kind: AttackKind, amount: u16, family: u8, log: &mut _| {
            let mut a = Attack::new(kind, NONE, d);
            a.amount = amount;
            a.family = family;
            a.resume = d;
            a.hot_deaths = (t == Text::HotDeath) as u8;
            a.harvester = t == Text::Harvester;
            a.harvester_last = a.harvester;
            st.launch(a, log);
        };
        use Text::*;
        let done = match t {
            None => {
                // C81: the reversing and skipping cards through the duel-aware helpers (with
                // two players each is a single skip, section 15).
                match suit_of(k) {
                    SKIP => self.skips = 1,
                    REVERSE => {
                        self.reverse(d, log);
                    }
                    DRAW_TWO => on_dealer(self, AttackKind::Draw, 2, 2, log),
                    WILD_DRAW_FOUR_SUIT => on_dealer(self, AttackKind::Draw, 4, 4, log),
                    _ => {}
                }
                true
            }
            DoubleSkip => self.double_skip(),
            ReverseSkip => self.reverse_skip(d, log),
            Recycler => {
                self.reverse(d, log);
                self.recycling = true;
                true
            }
            Swap => {
                let p = self.prev_of(d);
                self.swap_hands(d, p);
                self.reverse(d, log)
            }
            HotDeath => {
                on_dealer(self, AttackKind::Draw, 8, 4, log);
                true
            }
            Harvester | DelayedBlast => {
                on_dealer(self, AttackKind::Draw, 4, 4, log);
                true
            }
            Backstab => {
                on_dealer(self, AttackKind::Backstab, 4, 0, log);
                true
            }
            Ttr => {
                on_dealer(self, AttackKind::Ttr, 0, 0, log);
                true
            }
            Quitter => {
                self.leave(d, Leave::Quitter, log);
                true
            }
            Spreader => {
                for s in 0..self.n {
                    self.draw_n(s, 2, log);
                }
                true
            }
            Glasnost | Mad | Martyr | Ping | Gift => self.directed(d, t),
            GoldCoin => self.gold_coin(d, log),
            Idlt => self.idlt(d, log),
            ChosenOne => self.chosen_one(d, log),
            // C88: a Plague released in the deal is active, and the Flood discards it.
            Flood => self.flood(log),
            _ => true,
        };
        if wild {
            // The dealer names the colour first; the rest follows once it is named.
            self.ref_color = NO_COLOR;
            if done && !self.over() {
                self.who = d;
                self.phase = Phase::Color {
                    why: ColorWhy::Start,
                };
                return;
            }
        }
        if done {
            self.finish_play(log);
        }
    }
}
