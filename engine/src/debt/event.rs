//! What happens in an Uno Debt game, for logs and replays.

use super::cards::CARDS;
use crate::cards::Color;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// `seat` draws `card` as its buying power (a special card is returned: `kept` false).
    BuyingPower {
        seat: u8,
        card: u8,
        kept: bool,
    },
    /// `seat` has the highest buying power (among `tied` equal ones) and turns the first card.
    Starter {
        seat: u8,
        tied: u8,
    },
    Deal {
        seat: u8,
        card: u8,
    },
    /// The first card of the play area; `debt` is the debt it sets.
    FirstCard {
        card: u8,
        debt: u16,
    },
    /// `seat` lays `card`; `color` is the colour after it (the named one for a wild).
    Played {
        seat: u8,
        card: u8,
        color: u8,
    },
    /// The play (one card or a group) is complete: `cards` cards summing to `sum`, the debt is
    /// now `debt`.
    PlayDone {
        seat: u8,
        cards: u8,
        sum: u16,
        debt: u16,
        balanced: bool,
    },
    /// The play area (`cards` cards) goes back into the melon.
    AreaCleared {
        cards: u16,
    },
    Reversed,
    Skipped {
        seat: u8,
    },
    /// `seat` draws `card` from the melon into the hand.
    Drew {
        seat: u8,
        card: u8,
    },
    /// The end of a draw of `cards` cards forced on `seat` (a Draw card, an attack).
    Punished {
        seat: u8,
        cards: u16,
    },
    /// The play area except its top card is shuffled into the empty melon.
    Reshuffled {
        cards: u16,
    },
    /// `seat` cannot play: option one (melon) or two (play area) for `count` cards.
    Stuck {
        seat: u8,
        option: u8,
        count: u8,
    },
    /// `card` goes into `seat`'s discard pile, from the play area (`public`) or the melon.
    ToPile {
        seat: u8,
        card: u8,
        public: bool,
    },
    /// `card` goes from the play area into `seat`'s hand (a DEBT penalty).
    AreaToHand {
        seat: u8,
        card: u8,
    },
    /// `seat` takes `card` from their own discard pile into the hand, face down.
    FromPile {
        seat: u8,
        card: u8,
    },
    /// The debt after cards were taken from the play area (the new top card's value).
    DebtReset {
        debt: u16,
    },
    /// Move 10: `seat` buys `card` from `from`'s discard pile.
    Bought {
        seat: u8,
        from: u8,
        card: u8,
    },
    /// Move 11: `seat` combines their pile with their hand and redraws `hand` cards.
    Combined {
        seat: u8,
        hand: u16,
    },
    /// Move 12: `seat` takes `count` cards from their pile and loses the turn.
    Withdrew {
        seat: u8,
        count: u8,
    },
    /// `seat` attacks `defender` after balancing.
    Attack {
        seat: u8,
        defender: u8,
    },
    /// `seat` returns their buying-power card `old` into the melon.
    Exchanged {
        seat: u8,
        old: u8,
    },
    CalledUno {
        seat: u8,
    },
    StayedSilent {
        seat: u8,
    },
    /// `caller` calls DEBT on `target`; `false_call`: the target had called UNO.
    DebtCalled {
        caller: u8,
        target: u8,
        false_call: bool,
    },
    TurnEnd {
        seat: u8,
    },
    Won {
        seat: u8,
    },
    Truncated,
}

fn code(k: u8) -> &'static str {
    CARDS[k as usize].code
}

fn color(c: u8) -> &'static str {
    Color::from_index(c).map(|c| c.name()).unwrap_or("none")
}

impl std::fmt::Display for Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Event::BuyingPower { seat, card, kept } => {
                if kept {
                    write!(f, "seat {seat} buying power {}", code(card))
                } else {
                    write!(
                        f,
                        "seat {seat} draws {} for buying power: special, redraws",
                        code(card)
                    )
                }
            }
            Event::Starter { seat, tied } => {
                if tied > 1 {
                    write!(f, "seat {seat} starts (chosen at random among {tied} tied)")
                } else {
                    write!(f, "seat {seat} starts (highest buying power)")
                }
            }
            Event::Deal { seat, card } => write!(f, "deal seat {seat}: {}", code(card)),
            Event::FirstCard { card, debt } => {
                write!(f, "first card {}: debt {debt}", code(card))
            }
            Event::Played {
                seat,
                card,
                color: c,
            } => {
                if card >= super::cards::WILD {
                    write!(f, "seat {seat} plays {} naming {}", code(card), color(c))
                } else {
                    write!(f, "seat {seat} plays {}", code(card))
                }
            }
            Event::PlayDone {
                seat,
                cards,
                sum,
                debt,
                balanced,
            } => {
                write!(
                    f,
                    "seat {seat} played {cards} card(s) summing {sum}: debt {debt}"
                )?;
                if balanced {
                    write!(f, " (balanced)")?;
                }
                Ok(())
            }
            Event::AreaCleared { cards } => {
                write!(f, "play area ({cards} cards) shuffled into the melon")
            }
            Event::Reversed => write!(f, "direction reversed"),
            Event::Skipped { seat } => write!(f, "seat {seat} is skipped"),
            Event::Drew { seat, card } => write!(f, "seat {seat} draws {}", code(card)),
            Event::Punished { seat, cards } => {
                write!(f, "seat {seat} draws {cards} (penalty)")
            }
            Event::Reshuffled { cards } => {
                write!(f, "play area shuffled into the melon: {cards} cards")
            }
            Event::Stuck {
                seat,
                option,
                count,
            } => write!(
                f,
                "seat {seat} cannot play: option {} for {count} card(s)",
                match option {
                    1 => "one (melon)",
                    2 => "two (play area)",
                    _ => "two (play area, one from the melon)",
                }
            ),
            Event::ToPile { seat, card, public } => write!(
                f,
                "{} {} into seat {seat}'s discard pile",
                if public { "play area" } else { "melon" },
                code(card)
            ),
            Event::AreaToHand { seat, card } => {
                write!(f, "seat {seat} takes {} from the play area", code(card))
            }
            Event::FromPile { seat, card } => {
                write!(
                    f,
                    "seat {seat} takes {} from their discard pile",
                    code(card)
                )
            }
            Event::DebtReset { debt } => write!(f, "debt is now {debt} (top card)"),
            Event::Bought { seat, from, card } => {
                write!(f, "seat {seat} buys {} from seat {from}'s pile", code(card))
            }
            Event::Combined { seat, hand } => {
                write!(f, "seat {seat} combines pile and hand, redraws {hand}")
            }
            Event::Withdrew { seat, count } => {
                write!(
                    f,
                    "seat {seat} takes {count} from their pile and loses the turn"
                )
            }
            Event::Attack { seat, defender } => write!(f, "seat {seat} attacks seat {defender}"),
            Event::Exchanged { seat, old } => {
                write!(f, "seat {seat} returns buying power {}", code(old))
            }
            Event::CalledUno { seat } => write!(f, "seat {seat} calls UNO"),
            Event::StayedSilent { seat } => write!(f, "seat {seat} does not call UNO"),
            Event::DebtCalled {
                caller,
                target,
                false_call,
            } => {
                if false_call {
                    write!(f, "seat {caller} calls DEBT on seat {target}: false call")
                } else {
                    write!(f, "seat {caller} calls DEBT on seat {target}")
                }
            }
            Event::TurnEnd { seat } => write!(f, "seat {seat} ends the turn"),
            Event::Won { seat } => write!(f, "seat {seat} wins"),
            Event::Truncated => write!(f, "stopped at the decision cap"),
        }
    }
}
