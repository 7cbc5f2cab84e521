//! A rule-based Constitution player (`heuristic` spec), written for the variant's cards:
//!
//! - **Turn**: never accuses or asks (a wrong accusation removes the accuser) and never makes a
//!   wrong jump-in. Invades with Conquest when it holds an army of 7 or more. Otherwise every
//!   legal play is scored: cards that make the next player draw or lose their turn are worth
//!   more the fewer cards that player holds; field cards that protect (Luck, Blue Shield) are
//!   played early; defence cards (Dodge, Fuck You, Holy Defender, AIDS, Magic 5, Penn State)
//!   and wilds are kept for later; self-removing cards (M.A.D., Martyr, and Quitter in normal
//!   mode) are avoided in the normal mode and preferred in elimination mode, where leaving is
//!   the goal. In elimination mode M.A.D. between the last two players (a draw) is played only
//!   when the other is about to go out (2 cards or fewer against 4 or more), and Death (whose
//!   ejection takes its victim out) is held back. Draws only when nothing scores above drawing.
//! - **Respond**: stack if it can, else Fuck You, FTPIP (onto the player with the fewest cards),
//!   Dodge, Holy Defender, AIDS, Magic 5, else take it. In elimination mode a M.A.D. is
//!   accepted (the way out); between the last two it is blocked with Holy Defender when the
//!   hands are about even (within 3 cards), else accepted (a draw), never returned.
//! - **Targets**: the opponent with the fewest cards (normal mode) or the most (elimination
//!   mode, to keep them in); gifts and Gold Coin cards go to the same player. In elimination
//!   mode Death and M.A.D., which take their victim out, go to the fewest cards.
//! - **Windows**: jumps in with an identical card, calls every wrong jump-in, calls UNO (unless
//!   `uno_forget`), catches a player who stayed silent; picks the small Communism pile; keeps the
//!   smaller hand in a Yin-Yang team; answers the Prophet truthfully.
//!
//! Ties are broken at random.

use crate::heuristic::HeuristicParams;
use crate::{Agent, Decision};
use uno_engine::constitution::action::*;
use uno_engine::constitution::cards::{color_of, is_wild, number_value, suit_of, text_of, Text};
use uno_engine::constitution::{AttackKind, ConState, ConView, Mode, Phase, TargetWhy, NONE};
use uno_engine::{Action, Rng, Seat};

/// The rule-based Constitution player. Stateless; randomness only for ties and `uno_forget`.
pub struct ConHeuristic {
    pub params: HeuristicParams,
}

impl Agent<ConState> for ConHeuristic {
    fn name(&self) -> &str {
        "heuristic"
    }
    fn act(&mut self, d: &Decision<'_, ConState>, rng: &mut Rng) -> Action {
        let v = d.view();
        let me = d.seat;
        let best = |score: &dyn Fn(Action) -> f64, rng: &mut Rng| -> Action {
            crate::heuristic::best_action(d.legal, rng, score)
        };
        match v.phase {
            Phase::Turn => best(&|a| turn_score(&v, me, a), rng),
            Phase::PostDraw { .. } => best(&|a| if a == PASS { 0.0 } else { 1.0 }, rng),
            Phase::Color { .. } => best(&|a| color_score(&v, (a - COLOR) as u8), rng),
            Phase::Target { .. } => best(&|a| target_score(&v, me, (a - TARGET) as u8), rng),
            Phase::Choose { .. } => best(&|a| choose_score(&v, a), rng),
            Phase::Respond => best(&|a| respond_score(&v, a), rng),
            Phase::Challenge => ACCEPT,
            Phase::DodgeAdd => best(&|a| if a == PASS { 0.0 } else { 1.0 }, rng),
            Phase::JumpIn { .. } => {
                // Identical cards only: a wrong jump-in risks two cards for one.
                best(
                    &|a| match play_of(a) {
                        Some((k, _)) if is_identical(&v, k) => 1.0,
                        Some(_) => -1.0,
                        None => 0.0,
                    },
                    rng,
                )
            }
            Phase::WrongCall { .. } => CALL_WRONG,
            Phase::CallUno => {
                if rng.chance(self.params.uno_forget) {
                    PASS
                } else {
                    CALL_UNO
                }
            }
            Phase::CatchUno { .. } => {
                let s = v.uno_seat;
                if s != NONE && v.uno_called & (1 << s) == 0 {
                    CATCH_UNO
                } else {
                    PASS
                }
            }
            Phase::Answer => ANSWER,
            Phase::Team => {
                let (yin, yang) = (v.field[1], v.field[2]);
                let other = if yin == me { yang } else { yin };
                let mine = v.hand.len() as u16;
                let theirs = if other < 10 {
                    v.hand_sizes[other as usize]
                } else {
                    u16::MAX
                };
                if mine <= theirs {
                    KEEP_MINE
                } else {
                    KEEP_THEIRS
                }
            }
            Phase::Piles => {
                if d.legal.contains(&PILE_SMALL) {
                    PILE_SMALL
                } else {
                    d.legal[0]
                }
            }
            Phase::Over => d.legal[0],
        }
    }
}

/// Whether `k` is the identical card of the open jump-in window (the reference).
fn is_identical(v: &ConView, k: u8) -> bool {
    let (r, _) = v.reference;
    if r == k {
        return true;
    }
    let (tk, tr) = (text_of(k), text_of(r));
    color_of(k) == color_of(r)
        && ((tk == Text::SixtyNine && matches!(suit_of(r), 6 | 9) && tr == Text::None)
            || (tr == Text::SixtyNine && matches!(suit_of(k), 6 | 9) && tk == Text::None))
}

/// The opponent an attack should hit: the fewest cards (normal), the most (elimination).
fn victim_score(v: &ConView, s: u8) -> f64 {
    let h = v.hand_sizes[s as usize] as f64;
    match v.mode {
        Mode::Normal => 20.0 - h,
        Mode::Elimination => h,
    }
}

/// Players still in the game.
fn players_in(v: &ConView) -> usize {
    v.in_game[..v.num_players as usize]
        .iter()
        .filter(|&&b| b)
        .count()
}

fn next_seat(v: &ConView, me: Seat) -> u8 {
    let n = v.num_players;
    let mut s = me;
    for _ in 0..n {
        s = uno_engine::game::seat_after(s, 1, n, v.clockwise);
        if v.in_game[s as usize] {
            return s;
        }
    }
    me
}

fn is_defence(t: Text) -> bool {
    matches!(
        t,
        Text::Dodge
            | Text::FuckYou
            | Text::HolyDefender
            | Text::Aids
            | Text::Magic5
            | Text::PennState
    )
}

fn turn_score(v: &ConView, me: Seat, a: Action) -> f64 {
    let elim = v.mode == Mode::Elimination;
    if a == CALL_UNO {
        return 100.0;
    }
    if a == DRAW {
        return 0.0;
    }
    if let Some(t) = in_block(a, TARGET, 10) {
        // An invasion: only with a strong army.
        let army = v
            .hand
            .iter()
            .filter_map(|(k, _)| number_value(k as u8))
            .max()
            .unwrap_or(0);
        return if army >= 7 {
            3.0 + victim_score(v, t as u8) * 0.01
        } else {
            -1.0
        };
    }
    if in_block(a, COLOR, 4).is_some() {
        return -1.0;
    }
    if a == ACCUSE || in_block(a, ASK, 100).is_some() {
        return -100.0;
    }
    let Some((k, c)) = play_of(a) else {
        return -5.0;
    };
    if v.hand.len() == 1 {
        // The last card: in the normal mode it wins whatever it says (L67).
        return 200.0;
    }
    // In the Apocalypse every card is its printed colour and suit (C70).
    let t = if v.apocalypse { Text::None } else { text_of(k) };
    let next = next_seat(v, me);
    let threat = 8.0 / (v.hand_sizes[next as usize] as f64 + 1.0);
    let mut s = 5.0;
    s += match t {
        Text::Martyr => {
            if elim {
                50.0
            } else {
                -20.0
            }
        }
        // M.A.D. takes the user and the victim out: between the last two that is a draw, worth
        // taking only when the other player is about to go out first.
        Text::Mad => {
            if !elim {
                -20.0
            } else if players_in(v) > 2 {
                50.0
            } else if v.hand_sizes[next as usize] <= 2 && v.hand.len() >= 4 {
                30.0
            } else {
                -10.0
            }
        }
        // Death's ejection is the victim's way out in elimination mode.
        Text::Death if elim => -10.0,
        Text::Quitter => {
            if elim {
                50.0
            } else {
                4.0 + threat
            }
        }
        Text::Luck | Text::BlueShield => 4.0,
        Text::Yin | Text::Yang => 0.0,
        Text::HotDeath | Text::Harvester | Text::DelayedBlast => 2.0 + threat,
        Text::Spreader | Text::Ping | Text::Virus | Text::Backstab | Text::Ttr => 2.0 + threat,
        Text::Gift | Text::Idlt | Text::ChosenOne | Text::GoldCoin => 1.0,
        Text::Communism => {
            if v.hand.len() > 6 {
                3.0
            } else {
                -3.0
            }
        }
        Text::Death | Text::War | Text::Conquest | Text::Famine | Text::Prophet => 1.5,
        t if is_defence(t) => -3.0,
        Text::None => match suit_of(k) {
            10 | 12 => 1.0 + threat,
            11 => 0.5,
            13 => -4.0,
            14 => -2.0 + threat,
            _ => 0.0,
        },
        _ => 0.0,
    };
    if is_wild(k) && t != Text::None {
        s -= 1.0;
    }
    // Wilds name the colour held most: a small bonus for the colour choice itself.
    if c < 4 {
        s += color_score(v, c) * 0.01;
    }
    s
}

fn color_score(v: &ConView, c: u8) -> f64 {
    v.hand
        .iter()
        .filter(|&(k, _)| color_of(k as u8) == c)
        .map(|(_, n)| n as f64)
        .sum()
}

fn target_score(v: &ConView, me: Seat, s: u8) -> f64 {
    if s == me {
        return -100.0;
    }
    // In elimination mode Death and M.A.D. take their victim out too: that help goes to the
    // player who would go out soonest anyway (the fewest cards).
    if let Phase::Target {
        why: TargetWhy::Directed(Text::Death | Text::Mad),
    } = v.phase
    {
        if v.mode == Mode::Elimination {
            return 20.0 - v.hand_sizes[s as usize] as f64;
        }
    }
    victim_score(v, s)
}

fn choose_score(v: &ConView, a: Action) -> f64 {
    let k = (a - CHOOSE) as u8;
    let t = text_of(k);
    match v.phase {
        Phase::Choose {
            why: uno_engine::constitution::ChooseWhy::Army { .. },
        } => {
            if t == Text::Quitter {
                -100.0
            } else {
                number_value(k).unwrap_or(0) as f64
            }
        }
        Phase::Choose {
            why: uno_engine::constitution::ChooseWhy::ChosenKeep,
        } => {
            if is_defence(t) || is_wild(k) {
                10.0
            } else {
                1.0
            }
        }
        // A gift or a Gold Coin card: the least useful card goes.
        _ => {
            if t == Text::None && !is_wild(k) {
                number_value(k).map_or(1.0, |n| n as f64 / 10.0)
            } else {
                -1.0
            }
        }
    }
}

fn respond_score(v: &ConView, a: Action) -> f64 {
    // In elimination mode a M.A.D. aimed at you is your way out: accept it. Between the last
    // two, accepting is a draw and returning it (Fuck You) takes only its user out, a loss; a
    // Holy Defender, which keeps both in, is played instead when the hands are about even.
    let mad = v.mode == Mode::Elimination && v.attack.is_some_and(|at| at.kind == AttackKind::Mad);
    if mad && players_in(v) == 2 {
        let me = v.seat as usize;
        let user = v.attack.map_or(NONE, |at| at.starter) as usize;
        let theirs = if user < v.num_players as usize {
            v.hand_sizes[user]
        } else {
            0
        };
        let hold = v.hand_sizes[me] <= theirs + 3;
        return match play_of(a).map(|(k, _)| text_of(k)) {
            _ if a == ACCEPT => 10.0,
            Some(Text::HolyDefender) if hold => 20.0,
            Some(Text::FuckYou) => -10.0,
            _ => 0.0,
        };
    }
    if a == ACCEPT {
        return if mad { 100.0 } else { 0.0 };
    }
    let Some((k, c)) = play_of(a) else {
        return -1.0;
    };
    let base = match text_of(k) {
        Text::FuckYou => 6.0,
        Text::Ftpip => 5.5,
        Text::Dodge => 5.0,
        Text::HolyDefender => 4.0,
        Text::Aids => 3.0,
        Text::Magic5 => 3.5,
        _ => 7.0, // a stack passes it all on
    };
    base + if c < 4 { color_score(v, c) * 0.01 } else { 0.0 }
}
