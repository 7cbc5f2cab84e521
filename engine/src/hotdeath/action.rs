//! Hot Death's dense action space (`NUM_ACTIONS` = 130), the contract with agents and policy
//! heads:
//!
//! | id | meaning | decision kinds |
//! |---|---|---|
//! | 0–74 | play the coloured card of kind `id` (plain kinds, Spreaders, special numbers) | Play, PostDraw, Respond (defend: Fucker, Holy Defender, A.I.D.S.; Magic 5 on Hot Death) |
//! | 75–98 | play black kind `75 + (id-75)/4` naming colour `(id-75)%4`: Wild, Draw Four, Hot Death, Harvester, Delayed Blast, Mystery Draw | Play, PostDraw, Respond (stack) |
//! | 99 | draw a card | Play |
//! | 100 | keep the drawn card | PostDraw |
//! | 101 / 102 | call UNO / stay silent | CallUno |
//! | 103 / 104 | catch the missed call / let it go | CatchUno |
//! | 105 | accept the attack (draw, be eliminated, show the hand) | Respond |
//! | 106–109 | name colour `id-106` (first-card black card) | ChooseColor |
//! | 110–118 | victim = the seat `id-109` places to the left | ChooseTarget |
//! | 119–129 | deal `id-114` cards (5–15) | ChooseNumber |

use super::cards::{CARDS, FIRST_BLACK, NUM_KINDS};
use crate::action::Action;
use crate::cards::Color;

pub const PLAY_BLACK: Action = 75;
pub const DRAW: Action = 99;
pub const PASS: Action = 100;
pub const CALL_UNO: Action = 101;
pub const STAY_SILENT: Action = 102;
pub const CATCH: Action = 103;
pub const NO_CATCH: Action = 104;
pub const ACCEPT: Action = 105;
pub const CHOOSE_COLOR: Action = 106;
pub const TARGET: Action = 110;
pub const HAND_SIZE: Action = 119;
pub const NUM_ACTIONS: usize = 130;

/// The card kind and named colour (black cards) of a play action, or `None`.
#[inline]
pub const fn decode_play(a: Action) -> Option<(u8, Option<u8>)> {
    if a < PLAY_BLACK {
        Some((a as u8, None))
    } else if a < DRAW {
        let i = a - PLAY_BLACK;
        Some((FIRST_BLACK + (i / 4) as u8, Some((i % 4) as u8)))
    } else {
        None
    }
}

/// The play action for `kind`, naming `color` if it is black.
#[inline]
pub const fn encode_play(kind: u8, color: u8) -> Action {
    if kind < FIRST_BLACK {
        kind as Action
    } else {
        PLAY_BLACK + (kind - FIRST_BLACK) as Action * 4 + color as Action
    }
}

pub fn action_name(a: Action) -> String {
    let color = |i: u16| Color::from_index(i as u8).map(|c| c.name()).unwrap_or("?");
    match a {
        0..=98 => match decode_play(a) {
            Some((k, None)) => format!("play {}", CARDS[k as usize].code),
            Some((k, Some(c))) => {
                format!("play {} naming {}", CARDS[k as usize].code, color(c as u16))
            }
            None => unreachable!(),
        },
        DRAW => "draw".into(),
        PASS => "keep drawn card".into(),
        CALL_UNO => "call UNO".into(),
        STAY_SILENT => "stay silent".into(),
        CATCH => "catch missed UNO".into(),
        NO_CATCH => "do not catch".into(),
        ACCEPT => "accept".into(),
        106..=109 => format!("name {}", color(a - CHOOSE_COLOR)),
        110..=118 => format!("target seat +{}", a - TARGET + 1),
        119..=129 => format!("deal {} cards", a - HAND_SIZE + 5),
        _ => format!("invalid action {a}"),
    }
}

const _: () = assert!(NUM_KINDS == 81 && PLAY_BLACK as usize == FIRST_BLACK as usize);
const _: () = assert!(PLAY_BLACK + 24 == DRAW);
