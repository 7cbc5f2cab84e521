//! The Blender card table: one row per kind (colour, face, flex side, modifier), the deck
//! manifest by product, and the symbol masks matching reads (`docs/rules/blender.md` section 1).
//!
//! Kind ids are fixed whatever the options: the 187 kinds of the default deck, then the kinds
//! only the modifier options put in the deck (count 0 otherwise).

use super::options::BlenderOptions;
use crate::cards::{CardInfo, Color};
use std::sync::OnceLock;

/// Every kind the table has (default deck and optional kinds).
pub const NUM_KINDS: usize = 287;
/// Bitset words of a hand.
pub const WORDS: usize = 5;
/// Cards in the deck (every option keeps 720).
pub const DECK_SIZE: usize = 720;
/// The colour index of a Wild (its own colour for jump-ins, L172).
pub const WILD: u8 = 4;
/// No number.
pub const NO_NUMBER: u8 = 255;
/// Coloured faces per colour.
pub const FACES: usize = 36;
/// First Wild kind.
pub const FIRST_WILD: usize = 4 * FACES;
/// Wild faces.
pub const WILD_FACES: usize = 23;
/// The numbers a `#` may take, in `NUMBER` action order.
pub const HASH_NUMBERS: [u8; 14] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 22];

/// Action symbols (bit positions of a symbol mask).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Sym {
    Skip,
    Reverse,
    Draw2,
    Draw4,
    Draw6,
    Draw10,
    PointTaken,
    PileUp,
    DrawnTogether,
    SkipEveryone,
    DiscardColor,
    ColorRoulette,
    EveryoneDraw1,
    EveryoneDraw2,
    TargetedDraw2,
    TargetedDraw4,
    AllFlip,
    Stack1,
    Stack2,
    Stack3,
    StackNumber,
    Gift,
    Shield,
    Creeper,
    SuperStar,
    TeamPlay,
    DoubleDraw2,
    TargetedSkip,
    Hash,
    Dos,
    DoubleSpeedUp,
    Swap,
    RefreshHand,
    ForceTrade,
    PassHands,
}

pub const fn bit(s: Sym) -> u64 {
    1u64 << s as u8
}

/// The Draw family (the stack's Draw cards).
pub const DRAW_FAMILY: u64 = bit(Sym::Draw2) | bit(Sym::Draw4) | bit(Sym::Draw6) | bit(Sym::Draw10);
/// The Stack family.
pub const STACK_FAMILY: u64 =
    bit(Sym::Stack1) | bit(Sym::Stack2) | bit(Sym::Stack3) | bit(Sym::StackNumber);
/// `s` with each family it touches made whole (option `symbol_families`, B2).
#[inline]
pub fn family(s: u64) -> u64 {
    let mut x = s;
    if s & DRAW_FAMILY != 0 {
        x |= DRAW_FAMILY;
    }
    if s & STACK_FAMILY != 0 {
        x |= STACK_FAMILY;
    }
    x
}

/// What may follow a Draw card while a stack stands (section 5).
pub const AFTER_DRAW: u64 = DRAW_FAMILY | STACK_FAMILY | bit(Sym::Shield) | bit(Sym::SuperStar);
/// What may follow a Stack card while a stack stands.
pub const AFTER_STACK: u64 = STACK_FAMILY | bit(Sym::Shield) | bit(Sym::SuperStar);

/// A card's modifier (section 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Modifier {
    None,
    Flip,
    Trade,
    Pass,
    Swap,
    SpeedUp,
}

/// One side of a card: what it matches with and does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Side {
    /// 0-3, or [`WILD`].
    pub color: u8,
    /// Printed number, or [`NO_NUMBER`].
    pub number: u8,
    /// Action symbols.
    pub syms: u64,
}

/// A row of the table.
#[derive(Clone, Copy, Debug)]
pub struct Kind {
    pub normal: Side,
    /// The flex side, if the card has one.
    pub flex: Option<Side>,
    pub modifier: Modifier,
    /// Kinds with the same identity (colour, face, flex side) share this id: the kind with
    /// its modifier stripped.
    pub ident: u16,
    /// A coloured number card without a symbol (may end the first-card flips, B8).
    pub plain_number: bool,
}

struct CFace {
    code: &'static str,
    name: &'static str,
    number: u8,
    syms: u64,
    flex: u64,
    ty: &'static str,
}

const fn cf(
    code: &'static str,
    name: &'static str,
    number: u8,
    syms: u64,
    flex: u64,
    ty: &'static str,
) -> CFace {
    CFace {
        code,
        name,
        number,
        syms,
        flex,
        ty,
    }
}

use Sym::*;
const N: u8 = NO_NUMBER;

/// Coloured faces 13-35 (0-12 are the numbers).
const ACTION_FACES: [CFace; 23] = [
    cf("S", "Skip", N, bit(Skip), 0, "Skip"),
    cf("R", "Reverse", N, bit(Reverse), 0, "Reverse"),
    cf("+2", "Draw 2", N, bit(Draw2), 0, "Draw 2"),
    cf("PT", "Point Taken", N, bit(PointTaken), 0, "Point Taken"),
    cf(
        "SE",
        "Skip Everyone",
        N,
        bit(SkipEveryone),
        0,
        "Skip Everyone",
    ),
    cf("+4", "Draw 4", N, bit(Draw4), 0, "Draw 4"),
    cf(
        "DC",
        "Discard Color",
        N,
        bit(DiscardColor),
        0,
        "Discard Color",
    ),
    cf(
        "S/SE",
        "Skip//Skip Everyone",
        N,
        bit(Skip),
        bit(SkipEveryone),
        "Skip//Skip Everyone",
    ),
    cf(
        "R/RS",
        "Reverse//Reverse Skip",
        N,
        bit(Reverse),
        bit(Reverse) | bit(Skip),
        "Reverse//Reverse Skip",
    ),
    cf(
        "+2/E1",
        "Draw 2//Everyone Draw 1",
        N,
        bit(Draw2),
        bit(EveryoneDraw1),
        "Draw 2//Everyone Draw 1",
    ),
    cf("K1", "Stack 1", N, bit(Stack1), 0, "Stack 1"),
    cf("GF", "Gift", N, bit(Gift), 0, "Gift"),
    cf("SH", "Shield", N, bit(Shield), 0, "Shield"),
    cf("#", "#", N, bit(Hash), 0, "#"),
    cf("10R", "10 Reverse", 10, bit(Reverse), 0, "Golf 10 Reverse"),
    cf("11S", "11 Skip", 11, bit(Skip), 0, "Golf 11 Skip"),
    cf("12+2", "12 Draw 2", 12, bit(Draw2), 0, "Golf 12 Draw 2"),
    cf(
        "22DD",
        "22 Double Draw 2",
        22,
        bit(DoubleDraw2),
        0,
        "Golf 22 Double Draw 2",
    ),
    cf("SW", "Swap", N, bit(Swap), 0, "Swap"),
    cf("RH", "Refresh Hand", N, bit(RefreshHand), 0, "Refresh Hand"),
    cf("K2", "Stack 2", N, bit(Stack2), 0, "Stack 2"),
    cf(
        "RS",
        "Reverse Skip",
        N,
        bit(Reverse) | bit(Skip),
        0,
        "Reverse Skip",
    ),
    cf(
        "R+2",
        "Reverse Draw 2",
        N,
        bit(Reverse) | bit(Draw2),
        0,
        "Reverse Draw 2",
    ),
];

/// Wild faces; a flex side of a Wild is Wild too.
const WILD_FACE_LIST: [CFace; WILD_FACES] = [
    cf("W", "Wild", N, 0, 0, "Wild"),
    cf("W+4", "Wild Draw 4", N, bit(Draw4), 0, "Wild Draw 4"),
    cf("WPU", "Wild Pile Up", N, bit(PileUp), 0, "Wild Pile Up"),
    cf(
        "WDT",
        "Wild Drawn Together",
        N,
        bit(DrawnTogether),
        0,
        "Wild Drawn Together",
    ),
    cf(
        "WR+4",
        "Wild Reverse Draw 4",
        N,
        bit(Reverse) | bit(Draw4),
        0,
        "Wild Reverse Draw 4",
    ),
    cf("W+6", "Wild Draw 6", N, bit(Draw6), 0, "Wild Draw 6"),
    cf("W+10", "Wild Draw 10", N, bit(Draw10), 0, "Wild Draw 10"),
    cf(
        "WCR",
        "Wild Color Roulette",
        N,
        bit(ColorRoulette),
        0,
        "Wild Color Roulette",
    ),
    cf("WAF", "Wild All Flip", N, bit(AllFlip), 0, "Wild All Flip"),
    cf(
        "W/E2",
        "Wild//Everyone Draw 2",
        N,
        0,
        bit(EveryoneDraw2),
        "Wild//Everyone Draw 2",
    ),
    cf(
        "W/T2",
        "Wild//Targeted Draw 2",
        N,
        0,
        bit(TargetedDraw2),
        "Wild//Targeted Draw 2",
    ),
    cf(
        "W+4/T4",
        "Wild Draw 4//Targeted Draw 4",
        N,
        bit(Draw4),
        bit(TargetedDraw4),
        "Wild Draw 4//Targeted Draw 4",
    ),
    cf("WCP", "Wild Creeper", N, bit(Creeper), 0, "Wild Creeper"),
    cf(
        "WSS",
        "Wild Super Star",
        N,
        bit(SuperStar),
        0,
        "Wild Super Star",
    ),
    cf(
        "WTP",
        "Wild Team Play",
        N,
        bit(TeamPlay),
        0,
        "Wild Team Play",
    ),
    cf(
        "WDD",
        "Wild Double Draw 2",
        N,
        bit(DoubleDraw2),
        0,
        "Wild Double Draw 2",
    ),
    cf(
        "WTS",
        "Wild Targeted Skip",
        N,
        bit(TargetedSkip),
        0,
        "Wild Targeted Skip",
    ),
    cf("WDOS", "Wild DOS", 2, bit(Dos), 0, "Wild DOS"),
    cf(
        "WSU",
        "Wild Double Speed Up",
        N,
        bit(DoubleSpeedUp),
        0,
        "Wild Double Speed Up",
    ),
    cf(
        "WFT",
        "Wild Force Trade",
        N,
        bit(ForceTrade),
        0,
        "Wild Force Trade",
    ),
    cf(
        "WPH",
        "Wild Pass Hands",
        N,
        bit(PassHands),
        0,
        "Wild Pass Hands",
    ),
    cf("WK3", "Wild Stack 3", N, bit(Stack3), 0, "Wild Stack 3"),
    cf(
        "WKN",
        "Wild Stack Number",
        N,
        bit(StackNumber),
        0,
        "Wild Stack Number",
    ),
];

/// Coloured face index of an action face (13 + position in `ACTION_FACES`).
pub mod face {
    pub const SKIP: usize = 13;
    pub const REVERSE: usize = 14;
    pub const DRAW2: usize = 15;
    pub const POINT_TAKEN: usize = 16;
    pub const SKIP_EVERYONE: usize = 17;
    pub const DRAW4: usize = 18;
    pub const DISCARD_COLOR: usize = 19;
    pub const FLEX_SKIP: usize = 20;
    pub const FLEX_REVERSE: usize = 21;
    pub const FLEX_DRAW2: usize = 22;
    pub const STACK1: usize = 23;
    pub const GIFT: usize = 24;
    pub const SHIELD: usize = 25;
    pub const HASH: usize = 26;
    pub const GOLF10: usize = 27;
    pub const GOLF11: usize = 28;
    pub const GOLF12: usize = 29;
    pub const GOLF22: usize = 30;
    pub const SWAP: usize = 31;
    pub const REFRESH: usize = 32;
    pub const STACK2: usize = 33;
    pub const REVERSE_SKIP: usize = 34;
    pub const REVERSE_DRAW2: usize = 35;
}

/// Wild kinds (ids).
pub mod wild {
    use super::FIRST_WILD as F;
    pub const WILD: usize = F;
    pub const DRAW4: usize = F + 1;
    pub const PILE_UP: usize = F + 2;
    pub const DRAWN_TOGETHER: usize = F + 3;
    pub const REVERSE_DRAW4: usize = F + 4;
    pub const DRAW6: usize = F + 5;
    pub const DRAW10: usize = F + 6;
    pub const COLOR_ROULETTE: usize = F + 7;
    pub const ALL_FLIP: usize = F + 8;
    pub const FLEX_EVERYONE2: usize = F + 9;
    pub const FLEX_TARGETED2: usize = F + 10;
    pub const FLEX_DRAW4: usize = F + 11;
    pub const CREEPER: usize = F + 12;
    pub const SUPER_STAR: usize = F + 13;
    pub const TEAM_PLAY: usize = F + 14;
    pub const DOUBLE_DRAW2: usize = F + 15;
    pub const TARGETED_SKIP: usize = F + 16;
    pub const DOS: usize = F + 17;
    pub const DOUBLE_SPEED_UP: usize = F + 18;
    pub const FORCE_TRADE: usize = F + 19;
    pub const PASS_HANDS: usize = F + 20;
    pub const STACK3: usize = F + 21;
    pub const STACK_NUMBER: usize = F + 22;
}

/// The kind of coloured face `f` in colour `c`.
pub const fn colored(c: u8, f: usize) -> usize {
    c as usize * FACES + f
}

/// First kind of each block of modifier kinds.
pub const PASS_ZERO: usize = FIRST_WILD + WILD_FACES; // 167: R0p Y0p G0p B0p
pub const TRADE_SEVEN: usize = PASS_ZERO + 4; // 171
pub const SPEED_UP: usize = TRADE_SEVEN + 4; // 175: 12 kinds
pub const FLIP_NUMBERS: usize = SPEED_UP + 12; // 187: colour x 1-8
pub const SWAP_NUMBERS: usize = FLIP_NUMBERS + 32; // 219: colour x 1-9
pub const FLEX_NUMBERS: usize = SWAP_NUMBERS + 36; // 255: colour x 1-8
const _: () = assert!(FLEX_NUMBERS + 32 == NUM_KINDS);
/// Kinds of the default deck.
pub const DEFAULT_KINDS: usize = FLIP_NUMBERS;

/// The Speed Pack numbers (colour, number), in kind order from [`SPEED_UP`].
pub const SPEED_CARDS: [(u8, u8); 12] = [
    (0, 3),
    (0, 4),
    (0, 5),
    (1, 1),
    (1, 2),
    (1, 3),
    (2, 7),
    (2, 8),
    (2, 9),
    (3, 5),
    (3, 6),
    (3, 7),
];

/// The flex colour of a flex-colour number of colour `c` (section 1.3: the next colour in
/// red → yellow → green → blue → red).
pub const fn flex_color_of(c: u8) -> u8 {
    (c + 1) % 4
}

/// The products of the deck (section 1), in the seed's order.
pub const PRODUCTS: [&str; 14] = [
    "UNO Party",
    "UNO Show 'Em No Mercy",
    "UNO Flex",
    "UNO Remix",
    "UNO Minecraft",
    "UNO Super Mario Bros.",
    "UNO Teams",
    "Phase 10",
    "DOS",
    "UNO Golf",
    "UNO Speed Pack",
    "UNO Swap Pack",
    "UNO Stack Pack",
    "UNO Reverse Pack",
];

struct Table {
    kinds: Vec<Kind>,
    infos: Vec<CardInfo>,
    /// Per kind, the kinds of the same identity, as a bitset.
    idents: Vec<[u64; WORDS]>,
    /// The same as a short list.
    ident_lists: Vec<([u16; 6], u8)>,
    quiet: Vec<bool>,
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

fn color_letter(c: u8) -> char {
    if c == WILD {
        'W'
    } else {
        Color::ALL[c as usize].letter()
    }
}

fn build() -> Table {
    let mut kinds = Vec::with_capacity(NUM_KINDS);
    let mut infos = Vec::with_capacity(NUM_KINDS);
    let default = deck_counts(&BlenderOptions::default());
    let push = |kinds: &mut Vec<Kind>,
                infos: &mut Vec<CardInfo>,
                k: Kind,
                code: String,
                name: String,
                ty: &'static str| {
        let id = kinds.len();
        let color = if k.normal.color == WILD {
            None
        } else {
            Color::from_index(k.normal.color)
        };
        infos.push(CardInfo {
            code: leak(code),
            name: leak(name),
            card_type: ty,
            color,
            number: (k.normal.number != NO_NUMBER).then_some(k.normal.number),
            points: 0,
            copies: default[id] as u8,
        });
        kinds.push(k);
    };
    let side = |color: u8, number: u8, syms: u64| Side {
        color,
        number,
        syms,
    };
    for c in 0..4u8 {
        let l = color_letter(c);
        let cname = Color::ALL[c as usize].name();
        for n in 0..13u8 {
            let id = kinds.len() as u16;
            push(
                &mut kinds,
                &mut infos,
                Kind {
                    normal: side(c, n, 0),
                    flex: None,
                    modifier: Modifier::None,
                    ident: id,
                    plain_number: true,
                },
                format!("{l}{n}"),
                format!("{cname} {n}"),
                "Number",
            );
        }
        for f in &ACTION_FACES {
            let id = kinds.len() as u16;
            push(
                &mut kinds,
                &mut infos,
                Kind {
                    normal: side(c, f.number, f.syms),
                    flex: (f.flex != 0).then_some(side(c, NO_NUMBER, f.flex)),
                    modifier: Modifier::None,
                    ident: id,
                    plain_number: false,
                },
                format!("{l}{}", f.code),
                format!("{cname} {}", f.name),
                f.ty,
            );
        }
    }
    for f in &WILD_FACE_LIST {
        let id = kinds.len() as u16;
        push(
            &mut kinds,
            &mut infos,
            Kind {
                normal: side(WILD, f.number, f.syms),
                flex: (f.flex != 0).then_some(side(WILD, NO_NUMBER, f.flex)),
                modifier: Modifier::None,
                ident: id,
                plain_number: false,
            },
            f.code.to_string(),
            f.name.to_string(),
            f.ty,
        );
    }
    let modified = |kinds: &mut Vec<Kind>,
                    infos: &mut Vec<CardInfo>,
                    c: u8,
                    n: u8,
                    m: Modifier,
                    suffix: char,
                    mname: &str,
                    ty: &'static str| {
        let cname = Color::ALL[c as usize].name();
        push(
            kinds,
            infos,
            Kind {
                normal: side(c, n, 0),
                flex: None,
                modifier: m,
                ident: colored(c, n as usize) as u16,
                plain_number: true,
            },
            format!("{}{n}{suffix}", color_letter(c)),
            format!("{cname} {n} ({mname})"),
            ty,
        );
    };
    for c in 0..4 {
        modified(
            &mut kinds,
            &mut infos,
            c,
            0,
            Modifier::Pass,
            'p',
            "Pass",
            "Number with Pass",
        );
    }
    for c in 0..4 {
        modified(
            &mut kinds,
            &mut infos,
            c,
            7,
            Modifier::Trade,
            't',
            "Trade",
            "Number with Trade",
        );
    }
    for (c, n) in SPEED_CARDS {
        modified(
            &mut kinds,
            &mut infos,
            c,
            n,
            Modifier::SpeedUp,
            'u',
            "Speed Up",
            "Number with Speed Up",
        );
    }
    for c in 0..4 {
        for n in 1..=8 {
            modified(
                &mut kinds,
                &mut infos,
                c,
                n,
                Modifier::Flip,
                'f',
                "Flip",
                "Number with Flip",
            );
        }
    }
    for c in 0..4 {
        for n in 1..=9 {
            modified(
                &mut kinds,
                &mut infos,
                c,
                n,
                Modifier::Swap,
                'w',
                "Swap",
                "Number with Swap",
            );
        }
    }
    for c in 0..4u8 {
        let fc = flex_color_of(c);
        for n in 1..=8u8 {
            let id = kinds.len() as u16;
            push(
                &mut kinds,
                &mut infos,
                Kind {
                    normal: side(c, n, 0),
                    flex: Some(side(fc, n, 0)),
                    modifier: Modifier::None,
                    ident: id,
                    plain_number: true,
                },
                format!("{}{n}/{}", color_letter(c), color_letter(fc)),
                format!(
                    "{} {n}//{} {n}",
                    Color::ALL[c as usize].name(),
                    Color::ALL[fc as usize].name()
                ),
                "Flex number",
            );
        }
    }
    assert_eq!(kinds.len(), NUM_KINDS);
    let mut idents = vec![[0u64; WORDS]; NUM_KINDS];
    for k in 0..NUM_KINDS {
        for j in 0..NUM_KINDS {
            if kinds[j].ident == kinds[k].ident {
                idents[k][j >> 6] |= 1 << (j & 63);
            }
        }
    }
    let mut ident_lists = vec![([0u16; 6], 0u8); NUM_KINDS];
    for k in 0..NUM_KINDS {
        for j in 0..NUM_KINDS {
            if kinds[j].ident == kinds[k].ident {
                let (l, n) = &mut ident_lists[k];
                l[*n as usize] = j as u16;
                *n += 1;
            }
        }
    }
    let quiet = kinds
        .iter()
        .map(|k| k.normal.color != WILD && k.normal.syms == 0 && k.modifier == Modifier::None)
        .collect();
    Table {
        kinds,
        infos,
        idents,
        ident_lists,
        quiet,
    }
}

fn tables() -> &'static Table {
    static T: OnceLock<Table> = OnceLock::new();
    T.get_or_init(build)
}

/// The engine's rows.
#[inline]
pub fn kinds() -> &'static [Kind] {
    &tables().kinds
}

/// The rows as the tools list them (`uno rules`, replays, the balance report).
pub fn table() -> &'static [CardInfo] {
    &tables().infos
}

/// The kinds sharing `k`'s identity (itself included), as a bitset.
#[inline]
pub fn ident_mask(k: usize) -> &'static [u64; WORDS] {
    &tables().idents[k]
}

/// The kind whose code is `s` (case-sensitive: `R+2`, `W+4/T4`, `Y1u`).
pub fn parse_card(s: &str) -> Option<usize> {
    table().iter().position(|c| c.code == s)
}

/// Cards of each kind in the deck under `opts`.
pub fn deck_counts(opts: &BlenderOptions) -> [u16; NUM_KINDS] {
    deck_by_product(opts).0
}

/// The deck: copies per kind, and cards per product (section 1).
pub fn deck_by_product(opts: &BlenderOptions) -> ([u16; NUM_KINDS], [u16; 14]) {
    let m = product_matrix(opts);
    let mut d = [0u16; NUM_KINDS];
    let mut p = [0u16; 14];
    for (prod, row) in m.iter().enumerate() {
        for (k, &c) in row.iter().enumerate() {
            d[k] += c;
            p[prod] += c;
        }
    }
    (d, p)
}

/// Copies of each kind each product brings to the deck, by product in [`PRODUCTS`] order
/// (the manifest of section 1; `experiments/blender/` rolls card strength up by product).
pub fn product_matrix(opts: &BlenderOptions) -> [[u16; NUM_KINDS]; 14] {
    let mut m = [[0u16; NUM_KINDS]; 14];
    let mut add = |prod: usize, k: usize, n: u16| {
        m[prod][k] += n;
    };
    use face::*;
    const PARTY: usize = 0;
    const NO_MERCY: usize = 1;
    const FLEX: usize = 2;
    const REMIX: usize = 3;
    const MINECRAFT: usize = 4;
    const MARIO: usize = 5;
    const TEAMS: usize = 6;
    const PHASE10: usize = 7;
    const DOS: usize = 8;
    const GOLF: usize = 9;
    const SPEED: usize = 10;
    const SWAP_PACK: usize = 11;
    const STACK_PACK: usize = 12;
    const REVERSE_PACK: usize = 13;
    for c in 0..4u8 {
        // UNO Party: 0-9 once, the extra copies of L31-L36, Skip, Reverse, Draw 2, 2 Point Taken.
        for n in 0..10 {
            add(PARTY, colored(c, n), 1);
        }
        let extra: &[(usize, u16)] = match c {
            0 => &[(1, 1), (2, 1), (6, 1), (9, 1), (7, 2), (8, 2)],
            1 => &[(4, 1), (5, 1), (6, 1), (9, 1), (7, 2), (8, 2)],
            2 => &[
                (1, 1),
                (2, 1),
                (3, 1),
                (4, 1),
                (5, 1),
                (6, 1),
                (7, 1),
                (8, 1),
            ],
            _ => &[(1, 1), (2, 1), (3, 1), (4, 1), (7, 1), (9, 1), (8, 2)],
        };
        for &(n, k) in extra {
            add(PARTY, colored(c, n), k);
        }
        for f in [SKIP, REVERSE, DRAW2] {
            add(PARTY, colored(c, f), 1);
        }
        add(PARTY, colored(c, POINT_TAKEN), 2);
        // No Mercy: 0 (Pass) and 7 (Trade) carry modifiers.
        for n in 0..10 {
            let k = match n {
                0 => PASS_ZERO + c as usize,
                7 => TRADE_SEVEN + c as usize,
                _ => colored(c, n),
            };
            add(NO_MERCY, k, 1);
        }
        for f in [SKIP, REVERSE, DRAW2] {
            add(NO_MERCY, colored(c, f), 1);
        }
        add(NO_MERCY, colored(c, SKIP_EVERYONE), 2);
        add(NO_MERCY, colored(c, DRAW4), 2);
        add(NO_MERCY, colored(c, DISCARD_COLOR), 3);
        // Flex: two of 1-8 (copy A may carry Flip, copy B a flex colour), the three flex cards.
        for n in 1..=8usize {
            let a = if opts.flex_flip {
                FLIP_NUMBERS + c as usize * 8 + (n - 1)
            } else {
                colored(c, n)
            };
            let b = if opts.flex_number_colors {
                FLEX_NUMBERS + c as usize * 8 + (n - 1)
            } else {
                colored(c, n)
            };
            add(FLEX, a, 1);
            add(FLEX, b, 1);
        }
        for f in [FLEX_SKIP, FLEX_REVERSE, FLEX_DRAW2] {
            add(FLEX, colored(c, f), 1);
        }
        // Remix.
        for n in 1..10 {
            add(REMIX, colored(c, n), 1);
        }
        for f in [SKIP, REVERSE, DRAW2, STACK1] {
            add(REMIX, colored(c, f), 1);
        }
        for f in [SKIP_EVERYONE, GIFT, SHIELD] {
            add(REMIX, colored(c, f), 2);
        }
        // Minecraft and Super Mario: 0-9, Skip, Reverse, Draw 2.
        for prod in [MINECRAFT, MARIO] {
            for n in 0..10 {
                add(prod, colored(c, n), 1);
            }
            for f in [SKIP, REVERSE, DRAW2] {
                add(prod, colored(c, f), 1);
            }
        }
        // Teams: 1-9 (Swap with `teams_swap`), Skip, Reverse, Draw 2.
        for n in 1..10usize {
            let k = if opts.teams_swap {
                SWAP_NUMBERS + c as usize * 9 + (n - 1)
            } else {
                colored(c, n)
            };
            add(TEAMS, k, 1);
        }
        for f in [SKIP, REVERSE, DRAW2] {
            add(TEAMS, colored(c, f), 1);
        }
        // Phase 10: 1-12.
        for n in 1..13 {
            add(PHASE10, colored(c, n), 1);
        }
        // DOS: 1, 3-10, two #.
        for n in [1, 3, 4, 5, 6, 7, 8, 9, 10] {
            add(DOS, colored(c, n), 1);
        }
        add(DOS, colored(c, HASH), 2);
        // Golf: 0-6 and the four action numbers.
        for n in 0..7 {
            add(GOLF, colored(c, n), 1);
        }
        for f in [GOLF10, GOLF11, GOLF12, GOLF22] {
            add(GOLF, colored(c, f), 1);
        }
        // The packs.
        for f in [SWAP, REFRESH] {
            add(SWAP_PACK, colored(c, f), 1);
        }
        for f in [STACK1, STACK2] {
            add(STACK_PACK, colored(c, f), 1);
        }
        for f in [REVERSE_SKIP, REVERSE_DRAW2] {
            add(REVERSE_PACK, colored(c, f), 1);
        }
    }
    for (i, _) in SPEED_CARDS.iter().enumerate() {
        add(SPEED, SPEED_UP + i, 1);
    }
    for (prod, k, n) in [
        (PARTY, wild::WILD, 2),
        (PARTY, wild::DRAW4, 2),
        (PARTY, wild::PILE_UP, 4),
        (PARTY, wild::DRAWN_TOGETHER, 4),
        (NO_MERCY, wild::REVERSE_DRAW4, 2),
        (NO_MERCY, wild::DRAW6, 2),
        (NO_MERCY, wild::DRAW10, 2),
        (NO_MERCY, wild::COLOR_ROULETTE, 2),
        (FLEX, wild::ALL_FLIP, 2),
        (FLEX, wild::FLEX_EVERYONE2, 2),
        (FLEX, wild::FLEX_TARGETED2, 2),
        (FLEX, wild::FLEX_DRAW4, 2),
        (REMIX, wild::WILD, 2),
        (REMIX, wild::DRAW4, 2),
        (MINECRAFT, wild::WILD, 2),
        (MINECRAFT, wild::DRAW4, 2),
        (MINECRAFT, wild::CREEPER, 4),
        (MARIO, wild::WILD, 2),
        (MARIO, wild::DRAW4, 2),
        (MARIO, wild::SUPER_STAR, 2),
        (TEAMS, wild::WILD, 2),
        (TEAMS, wild::TEAM_PLAY, 2),
        (TEAMS, wild::DOUBLE_DRAW2, 2),
        (PHASE10, wild::WILD, 2),
        (PHASE10, wild::TARGETED_SKIP, 2),
        (DOS, wild::DOS, 4),
        (SPEED, wild::DOUBLE_SPEED_UP, 4),
        (SWAP_PACK, wild::FORCE_TRADE, 2),
        (SWAP_PACK, wild::PASS_HANDS, 2),
        (STACK_PACK, wild::STACK3, 2),
        (STACK_PACK, wild::STACK_NUMBER, 2),
    ] {
        add(prod, k, n);
    }
    m
}

/// A card with nothing to resolve when played by its normal side: coloured, no symbol, no
/// modifier.
#[inline]
pub fn quiet(k: usize) -> bool {
    tables().quiet[k]
}

/// The kinds a jump-in may use on shown kind `k` besides the `#` cases (its identity), at most
/// six (a 7 of a Speed Up colour with every modifier option), and how many.
#[inline]
pub fn ident_list(k: usize) -> &'static ([u16; 6], u8) {
    &tables().ident_lists[k]
}

/// Whether `k` is an action card for the first-card flips (B8): anything but a coloured
/// number card without a symbol.
#[inline]
pub fn is_action(k: usize) -> bool {
    !kinds()[k].plain_number
}

/// A "number card" for Wild Stack Number (B30): any card with a printed number (the Golf
/// action numbers unless `golf` is false); `#` and Wild DOS have none.
pub fn stack_number_value(k: usize, golf: bool) -> Option<u8> {
    let kd = &kinds()[k];
    if kd.normal.color == WILD || kd.normal.number == NO_NUMBER {
        return None;
    }
    if kd.normal.syms != 0 && !golf {
        return None;
    }
    Some(kd.normal.number)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_is_the_seeds_720() {
        let (d, p) = deck_by_product(&BlenderOptions::default());
        assert_eq!(
            p,
            [104, 88, 84, 80, 60, 58, 54, 52, 48, 44, 16, 12, 12, 8],
            "per product (L29-L120)"
        );
        assert_eq!(d.iter().map(|&c| c as usize).sum::<usize>(), DECK_SIZE);
        let k = kinds();
        for c in 0..4u8 {
            let per: u16 = (0..NUM_KINDS)
                .filter(|&i| k[i].normal.color == c)
                .map(|i| d[i])
                .sum();
            assert_eq!(per, 162, "colour {c}");
        }
        let wilds: u16 = (0..NUM_KINDS)
            .filter(|&i| k[i].normal.color == WILD)
            .map(|i| d[i])
            .sum();
        assert_eq!(wilds, 72);
        // The fact sheet's tally of printed numbers (Golf action numbers included).
        let mut tally = [0u16; 23];
        for i in 0..NUM_KINDS {
            if k[i].normal.color != WILD && k[i].normal.number != NO_NUMBER {
                tally[k[i].normal.number as usize] += d[i];
            }
        }
        let want: [(usize, u16); 14] = [
            (0, 20),
            (1, 48),
            (2, 44),
            (3, 48),
            (4, 48),
            (5, 48),
            (6, 48),
            (7, 48),
            (8, 48),
            (9, 36),
            (10, 12),
            (11, 8),
            (12, 8),
            (22, 4),
        ];
        for (n, c) in want {
            assert_eq!(tally[n], c, "number {n}");
        }
        // Section 1.2: every colour has the same numbers (modifier copies included).
        for c in 0..4u8 {
            let mut per = [0u16; 13];
            for i in 0..NUM_KINDS {
                let n = &k[i].normal;
                if n.color == c && n.syms == 0 && (n.number as usize) < 13 {
                    per[n.number as usize] += d[i];
                }
            }
            assert_eq!(
                per,
                [5, 12, 11, 12, 12, 12, 12, 12, 12, 9, 2, 1, 1],
                "colour {c}"
            );
        }
        assert_eq!(d[DEFAULT_KINDS..].iter().sum::<u16>(), 0);
        assert!(
            d[..DEFAULT_KINDS].iter().all(|&c| c > 0),
            "every default kind is dealt"
        );
    }

    #[test]
    fn options_keep_720_and_codes_are_unique() {
        let o = BlenderOptions {
            flex_flip: true,
            teams_swap: true,
            flex_number_colors: true,
            ..Default::default()
        };
        let (d, p) = deck_by_product(&o);
        assert_eq!(d.iter().map(|&c| c as usize).sum::<usize>(), DECK_SIZE);
        assert_eq!(p[2], 84);
        assert!(d[DEFAULT_KINDS..].iter().all(|&c| c == 1));
        let t = table();
        for (i, c) in t.iter().enumerate() {
            assert_eq!(parse_card(c.code), Some(i), "{}", c.code);
        }
        assert_eq!(t[wild::FLEX_DRAW4].code, "W+4/T4");
        assert_eq!(t[colored(3, face::REVERSE_DRAW2)].code, "BR+2");
        assert_eq!(t[TRADE_SEVEN].code, "R7t");
        // A modifier kind shares its plain card's identity; a flex number does not.
        assert_eq!(kinds()[TRADE_SEVEN].ident as usize, colored(0, 7));
        assert_ne!(kinds()[FLEX_NUMBERS].ident as usize, colored(0, 1));
    }
}
