//! The `balance` experiment: seat advantage, game shape, causal card strength by paired
//! opening-hand swaps, observational card metrics and skill expression, for any variant that
//! implements [`uno_engine::CardGame`]. The method is written down in `docs/balance.md`.

pub mod experiment;
pub mod inference;
pub mod render;
pub mod report;

pub use experiment::{BalanceStats, Experiment, ExperimentResult, Hist};

use crate::stats::{ratio, wilson95};
use inference::{equal_shares_p, holm, PairedDiff};
use report::*;
use uno_engine::CardInfo;

/// Most bars a histogram gets below its 99th percentile (one more holds the tail).
const MAX_BINS: i64 = 50;

/// A histogram's summary and bins: equal-width bins from the minimum to the 99th percentile,
/// then one bin for the tail above it.
pub fn distribution(h: &Hist, label: &str) -> Distribution {
    let samples = h.samples();
    if samples == 0 {
        return Distribution {
            label: label.into(),
            samples,
            mean: 0.0,
            p50: 0,
            p90: 0,
            p99: 0,
            min: 0,
            max: 0,
            bins: Vec::new(),
        };
    }
    let min = *h.0.keys().next().expect("non-empty");
    let max = *h.0.keys().next_back().expect("non-empty");
    let p99 = h.quantile(0.99);
    let width = ((p99 - min + 1) + MAX_BINS - 1) / MAX_BINS;
    let mut bins: Vec<Bin> = Vec::new();
    let mut lo = min;
    while lo <= p99 {
        let hi = (lo + width - 1).min(p99);
        bins.push(Bin { lo, hi, count: 0 });
        lo = hi + 1;
    }
    if max > p99 {
        bins.push(Bin {
            lo: p99 + 1,
            hi: max,
            count: 0,
        });
    }
    for (&v, &c) in &h.0 {
        let b = bins
            .iter_mut()
            .find(|b| v >= b.lo && v <= b.hi)
            .expect("bins cover min..=max");
        b.count += c;
    }
    Distribution {
        label: label.into(),
        samples,
        mean: h.mean(),
        p50: h.quantile(0.5),
        p90: h.quantile(0.9),
        p99,
        min,
        max,
        bins,
    }
}

fn pp(x: f64) -> String {
    format!("{:+.2} pp", 100.0 * x)
}

impl BalanceStats {
    /// The report: statistics, Holm-corrected significance, ranks and the plain summary.
    pub fn report(&self, table: &[CardInfo], setup: RunSetup, run: RunInfo) -> BalanceReport {
        let n = self.players;
        let b = &self.base;
        let finished = b.completed + b.truncated;
        let fair = setup.fair_share();
        let seats: Vec<SeatRow> = (0..n)
            .map(|s| {
                let ci95 = wilson95(b.wins[s], finished);
                let win_rate = ratio(b.wins[s] as f64, finished);
                SeatRow {
                    seat: s,
                    agent: setup.agents.get(s).cloned().unwrap_or_default(),
                    games: finished,
                    wins: b.wins[s],
                    win_rate,
                    ci95,
                    advantage: win_rate - fair,
                    significant: fair < ci95.0 || fair > ci95.1,
                    mean_placing: ratio(b.placing_sum[s] as f64, finished),
                    mean_points: ratio(b.points_sum[s] as f64, finished),
                }
            })
            .collect();
        // One win per game, or in a loser-only game one loss per completed game: the test
        // compares the shares of whichever is one per game.
        let seat_equality_p = if setup.loser_only {
            let losses: Vec<u64> = b.wins[..n].iter().map(|&w| b.completed - w).collect();
            equal_shares_p(&losses)
        } else {
            equal_shares_p(&b.wins[..n])
        };
        let v = &b.variant;
        let categories: Vec<CategoryRow> = v
            .categories
            .iter()
            .enumerate()
            .map(|(c, name)| {
                let ci95 = wilson95(v.wins[c], v.seats[c]);
                let win_rate = ratio(v.wins[c] as f64, v.seats[c]);
                CategoryRow {
                    category: name.to_string(),
                    games: v.seats[c],
                    wins: v.wins[c],
                    win_rate,
                    ci95,
                    advantage: win_rate - fair,
                    significant: v.seats[c] > 0 && (fair < ci95.0 || fair > ci95.1),
                }
            })
            .collect();

        // Kinds with no copy in this deck (e.g. Spreaders of other colours under Hot Death's
        // default options) are left out, also of the Holm family.
        let in_deck: Vec<usize> = (0..self.cards.len()).filter(|&k| self.in_deck(k)).collect();
        let diffs: Vec<PairedDiff> = in_deck.iter().map(|&k| self.cards[k].strength()).collect();
        let p: Vec<f64> = diffs.iter().map(|d| d.p_value()).collect();
        let p_holm = holm(&p);
        let games = self.deals;
        let mut cards: Vec<CardRow> = in_deck
            .iter()
            .enumerate()
            .map(|(i, &k)| {
                let c = &self.cards[k];
                let info = &table[k];
                let d = diffs[i];
                let win_when_held = ratio(c.held_wins as f64, c.held_games);
                let win_when_played = ratio(c.played_wins as f64, c.played_games);
                CardRow {
                    kind: k,
                    code: info.code.into(),
                    name: info.name.into(),
                    card_type: info.card_type.into(),
                    copies: self.deck.get(k).copied().unwrap_or(info.copies as u32),
                    rank: 0,
                    pairs: c.pairs,
                    skipped: c.skipped,
                    base_win_rate: ratio(c.base_wins as f64, c.pairs),
                    swap_win_rate: ratio(c.swap_wins as f64, c.pairs),
                    strength: d.mean,
                    ci95: d.ci95(),
                    p_value: p[i],
                    p_holm: p_holm[i],
                    significant: c.pairs > 0 && p_holm[i] < 0.05,
                    held_games: c.held_games,
                    win_when_held,
                    win_when_held_ci95: wilson95(c.held_wins, c.held_games),
                    played_games: c.played_games,
                    win_when_played,
                    win_when_played_ci95: wilson95(c.played_wins, c.played_games),
                    plays_per_game: ratio(c.plays as f64, games),
                    played_minus_held: win_when_played - win_when_held,
                }
            })
            .collect();
        cards.sort_by(|a, b| b.strength.total_cmp(&a.strength).then(a.kind.cmp(&b.kind)));
        for (i, c) in cards.iter_mut().enumerate() {
            c.rank = i + 1;
        }
        let types = self.type_rows(table, &in_deck);

        let skill = setup.skill_agent_used().then(|| {
            let s = &self.skill;
            let d = PairedDiff::from_counts(s.deals, s.plus, s.minus);
            Skill {
                agent: setup.skill_agent.clone(),
                baseline: setup.skill_baseline_label().to_string(),
                deals: s.deals,
                skilled_win_rate: ratio(s.skilled_wins as f64, s.deals),
                baseline_win_rate: ratio(s.baseline_wins as f64, s.deals),
                gap: d.mean,
                ci95: d.ci95(),
                p_value: d.p_value(),
            }
        });

        let shape = Shape {
            games: b.games,
            completed: b.completed,
            truncated: b.truncated,
            truncated_rate: ratio(b.truncated as f64, b.games),
            aborted: b.aborted,
            turns: distribution(&self.turns, "turns per game"),
            hands: distribution(&self.hands, "hands per game"),
            points: distribution(&self.points, "points per seat at the end"),
        };
        let max_half_width = self.max_half_width();
        let mut rep = BalanceReport {
            setup,
            run,
            deals: self.deals,
            games: self.games,
            max_half_width,
            summary: Vec::new(),
            seats,
            seat_equality_p,
            categories,
            shape,
            types,
            cards,
            skill,
        };
        rep.summary = summary(&rep);
        rep
    }
}

impl BalanceStats {
    /// Copies of kind `k` in the run's deck (the table's count when no census was taken).
    fn copies(&self, table: &[CardInfo], k: usize) -> u32 {
        self.deck.get(k).copied().unwrap_or(table[k].copies as u32)
    }

    /// The strength of a group of kinds (`docs/balance.md`, "Card types"): the mean of their
    /// strengths weighted by `weights` (summing to 1), with the variance of that mean from
    /// each kind's variance and each pair's covariance over the deals where both swaps were
    /// made. A group of one kind gives exactly that kind's [`PairedDiff`].
    pub fn group_strength(&self, kinds: &[usize], weights: &[f64]) -> PairedDiff {
        let d: Vec<PairedDiff> = kinds.iter().map(|&k| self.cards[k].strength()).collect();
        let n = kinds
            .iter()
            .map(|&k| self.cards[k].pairs)
            .min()
            .unwrap_or(0);
        let mean = d.iter().zip(weights).map(|(d, w)| w * d.mean).sum::<f64>();
        if n < 2 {
            return PairedDiff {
                n,
                mean,
                se: f64::INFINITY,
            };
        }
        let mut var = 0.0;
        for (i, &k) in kinds.iter().enumerate() {
            for (j, &l) in kinds.iter().enumerate() {
                let cov = if i == j {
                    // As PairedDiff::from_counts: the sample variance of d over the pairs, / n.
                    let c = &self.cards[k];
                    let nf = c.pairs as f64;
                    let v = ((c.plus + c.minus) as f64 - nf * d[i].mean * d[i].mean) / (nf - 1.0);
                    v.max(0.0) / nf
                } else {
                    let p = &self.pairs;
                    let both = p.both_made(&self.cards, k, l);
                    if both < 2 {
                        continue;
                    }
                    let (mk, ml) = (d[i].mean, d[j].mean);
                    let sum_k = p.d_when_both_made(&self.cards, k, l) as f64;
                    let sum_l = p.d_when_both_made(&self.cards, l, k) as f64;
                    let bf = both as f64;
                    // Sum over the shared deals of (d_k - mean_k)(d_l - mean_l).
                    let centred =
                        p.product_sum(k, l) as f64 - ml * sum_k - mk * sum_l + mk * ml * bf;
                    centred / (bf - 1.0) * bf / (d[i].n as f64 * d[j].n as f64)
                };
                var += weights[i] * weights[j] * cov;
            }
        }
        PairedDiff {
            n,
            mean,
            se: var.max(0.0).sqrt(),
        }
    }

    /// The roll-up per card type over the kinds in the deck, ranked strongest first, with the
    /// Holm correction over the types.
    fn type_rows(&self, table: &[CardInfo], in_deck: &[usize]) -> Vec<TypeRow> {
        // Types in order of their first kind.
        let mut groups: Vec<(&str, Vec<usize>)> = Vec::new();
        for &k in in_deck {
            let name = table[k].card_type;
            match groups.iter_mut().find(|(t, _)| *t == name) {
                Some((_, kinds)) => kinds.push(k),
                None => groups.push((name, vec![k])),
            }
        }
        let mut rows: Vec<TypeRow> = Vec::with_capacity(groups.len());
        let mut diffs = Vec::with_capacity(groups.len());
        for (name, kinds) in &groups {
            let copies: u32 = kinds.iter().map(|&k| self.copies(table, k)).sum();
            let weights: Vec<f64> = kinds
                .iter()
                .map(|&k| self.copies(table, k) as f64 / copies as f64)
                .collect();
            let d = self.group_strength(kinds, &weights);
            let weighted = |f: &dyn Fn(&experiment::CardAcc) -> f64| -> f64 {
                kinds
                    .iter()
                    .zip(&weights)
                    .map(|(&k, w)| w * f(&self.cards[k]))
                    .sum()
            };
            rows.push(TypeRow {
                card_type: name.to_string(),
                kinds: kinds.iter().map(|&k| table[k].code.to_string()).collect(),
                copies,
                rank: 0,
                pairs: kinds.iter().map(|&k| self.cards[k].pairs).sum(),
                skipped: kinds.iter().map(|&k| self.cards[k].skipped).sum(),
                base_win_rate: weighted(&|c| ratio(c.base_wins as f64, c.pairs)),
                swap_win_rate: weighted(&|c| ratio(c.swap_wins as f64, c.pairs)),
                strength: d.mean,
                ci95: d.ci95(),
                p_value: d.p_value(),
                p_holm: 0.0,
                significant: false,
            });
            diffs.push(d);
        }
        let p: Vec<f64> = rows.iter().map(|r| r.p_value).collect();
        for ((r, ph), d) in rows.iter_mut().zip(holm(&p)).zip(&diffs) {
            r.p_holm = ph;
            r.significant = d.n > 0 && ph < 0.05;
        }
        // Stable sort: equal strengths keep the order of their first kind.
        rows.sort_by(|a, b| b.strength.total_cmp(&a.strength));
        for (i, r) in rows.iter_mut().enumerate() {
            r.rank = i + 1;
        }
        rows
    }
}

impl RunSetup {
    /// A seat's fair share of wins: 1/players, or (players − 1)/players in a loser-only game.
    pub fn fair_share(&self) -> f64 {
        let n = self.players.max(1) as f64;
        if self.loser_only {
            (n - 1.0) / n
        } else {
            1.0 / n
        }
    }
    fn skill_agent_used(&self) -> bool {
        !self.skill_agent.is_empty()
    }
    /// The skill experiment's baseline (`random` when not set).
    fn skill_baseline_label(&self) -> &str {
        if self.skill_baseline.is_empty() {
            RANDOM
        } else {
            &self.skill_baseline
        }
    }
}

/// The label of the default skill baseline, the one the skill-vs-luck reading applies to.
const RANDOM: &str = "random";

impl Skill {
    /// Whether the baseline is `random`: the gap then measures skill against luck; against
    /// any other baseline it is a neutral comparison of two agents.
    pub fn against_random(&self) -> bool {
        self.baseline == RANDOM
    }

    /// The agent the paired interval shows to win more often (its label, the other's, and its
    /// lead), or `None` when the interval includes zero.
    pub fn better(&self) -> Option<(&str, &str, f64)> {
        let (lo, hi) = self.ci95;
        if lo > 0.0 {
            Some((&self.agent, &self.baseline, self.gap))
        } else if hi < 0.0 {
            Some((&self.baseline, &self.agent, -self.gap))
        } else {
            None
        }
    }
}

/// Verbal thresholds of the skill sentence, on the gap between the skilled agent's and
/// random's win rate in the same seat (documented in `docs/balance.md`). Used only when the
/// baseline is `random`.
const SKILL_STRONG: f64 = 0.20;
const SKILL_CLEAR: f64 = 0.05;

fn type_phrase(t: &TypeRow, types: usize) -> String {
    format!(
        "{} ({} cop{} over {} kind{}): {} [{}, {}], {}",
        t.card_type,
        t.copies,
        if t.copies == 1 { "y" } else { "ies" },
        t.kinds.len(),
        if t.kinds.len() == 1 { "" } else { "s" },
        pp(t.strength),
        pp(t.ci95.0).trim_end_matches(" pp"),
        pp(t.ci95.1),
        if t.significant {
            format!("significant after the Holm correction over {types} types")
        } else {
            "not significant".to_string()
        }
    )
}

fn card_phrase(c: &CardRow) -> String {
    format!(
        "{} ({}): {} [{}, {}], {}",
        c.name,
        c.code,
        pp(c.strength),
        pp(c.ci95.0).trim_end_matches(" pp"),
        pp(c.ci95.1),
        if c.significant {
            "significant after the Holm correction"
        } else {
            "not significant"
        }
    )
}

/// The plain-language findings at the top of the report.
fn summary(r: &BalanceReport) -> Vec<String> {
    let mut out = Vec::new();
    let typed: Vec<&TypeRow> = r.types.iter().filter(|t| t.pairs > 0).collect();
    // Worth its own lines only when some type groups several kinds.
    if r.types.len() < r.cards.len() {
        if let (Some(first), Some(last)) = (typed.first(), typed.last()) {
            out.push(format!(
                "Strongest card type: {}. Swapping in one card of the type, drawn as the deck \
                 would (kinds weighted by their copies), changes the seat's win rate by this much.",
                type_phrase(first, r.types.len())
            ));
            out.push(format!(
                "Weakest card type: {}.",
                type_phrase(last, r.types.len())
            ));
        }
    }
    let with_pairs: Vec<&CardRow> = r.cards.iter().filter(|c| c.pairs > 0).collect();
    if let (Some(first), Some(last)) = (with_pairs.first(), with_pairs.last()) {
        out.push(format!(
            "Strongest card: {}. Swapping one copy into a seat's opening hand (for a plain \
             number card) changes that seat's win rate by this much.",
            card_phrase(first)
        ));
        out.push(format!("Weakest card: {}.", card_phrase(last)));
        let sig: Vec<&str> = r
            .cards
            .iter()
            .filter(|c| c.significant)
            .map(|c| c.code.as_str())
            .collect();
        out.push(if sig.is_empty() {
            format!(
                "No card kind has a significant effect after the Holm correction over {} kinds.",
                r.cards.len()
            )
        } else {
            format!(
                "{} of {} card kinds have a significant effect after the Holm correction: {}.",
                sig.len(),
                r.cards.len(),
                sig.join(", ")
            )
        });
    }
    if let Some(best) = r
        .seats
        .iter()
        .max_by(|a, b| a.win_rate.total_cmp(&b.win_rate).then(b.seat.cmp(&a.seat)))
    {
        let worst = r
            .seats
            .iter()
            .min_by(|a, b| a.win_rate.total_cmp(&b.win_rate).then(a.seat.cmp(&b.seat)))
            .expect("seats");
        out.push(format!(
            "Seat bias: seat {} wins most often ({:.2}%) and seat {} least ({:.2}%), against a \
             fair {:.2}%{}; {} (chi-square {}).",
            best.seat,
            100.0 * best.win_rate,
            worst.seat,
            100.0 * worst.win_rate,
            100.0 * r.setup.fair_share(),
            if r.setup.loser_only {
                " (a loser-only game: a win is a game not lost)"
            } else {
                ""
            },
            if r.seat_equality_p < 0.05 {
                "the seats differ significantly"
            } else {
                "no significant difference between seats"
            },
            render::p_is(r.seat_equality_p)
        ));
    }
    if let Some(s) = r.skill.as_ref().filter(|s| !s.against_random()) {
        let verdict = match s.better() {
            Some((winner, _, _)) => format!("{winner} is better"),
            None => "no significant difference".to_string(),
        };
        out.push(format!(
            "Agent comparison: in the same seat on the same deals, {} wins {:.2}% and {} \
             {:.2}%, a difference of {} [{}, {}] ({}): {verdict}.",
            s.agent,
            100.0 * s.skilled_win_rate,
            s.baseline,
            100.0 * s.baseline_win_rate,
            pp(s.gap),
            pp(s.ci95.0).trim_end_matches(" pp"),
            pp(s.ci95.1),
            render::p_is(s.p_value),
        ));
    } else if let Some(s) = &r.skill {
        let verdict = if s.ci95.0 >= SKILL_STRONG {
            "the variant strongly rewards good play"
        } else if s.ci95.0 >= SKILL_CLEAR {
            "good play clearly pays, but luck decides much of it"
        } else if s.ci95.0 > 0.0 {
            "good play helps only a little: mostly luck"
        } else {
            "no measurable reward for good play: luck decides"
        };
        out.push(format!(
            "Skill vs luck: in the same seat on the same deals, {} wins {:.2}% and random \
             {:.2}%, a gap of {} [{}, {}]: {verdict}.",
            s.agent,
            100.0 * s.skilled_win_rate,
            100.0 * s.baseline_win_rate,
            pp(s.gap),
            pp(s.ci95.0).trim_end_matches(" pp"),
            pp(s.ci95.1),
        ));
    }
    let t = &r.shape.turns;
    out.push(format!(
        "Game length: median {} turns (p90 {}, p99 {}); {} of {} games truncated ({:.3}%).",
        t.p50,
        t.p90,
        t.p99,
        r.shape.truncated,
        r.shape.games,
        100.0 * r.shape.truncated_rate
    ));
    out
}
