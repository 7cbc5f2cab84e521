//! The balance experiment's opening-hand swap (`CardGame::swap_into_hand`) and card census:
//! exact positions, the cases where no swap is possible, and conservation over many deals.

use uno_engine::classic::{
    parse_card, ClassicOptions, ClassicState, Scenario, DECK_SIZE, NUM_KINDS,
};
use uno_engine::{
    game_seed, stream_seed, CardGame, Game, Rng, Seat, SwapRecord, SwapSource, MAX_PLAYERS,
};

fn card(code: &str) -> usize {
    parse_card(code).unwrap_or_else(|| panic!("card {code}")) as usize
}

fn scenario(json: &str) -> ClassicState {
    Scenario::from_json(json).unwrap().build().unwrap()
}

fn census(st: &ClassicState) -> Vec<u32> {
    let mut c = vec![0; NUM_KINDS];
    st.census(&mut c);
    c
}

fn full_deck() -> Vec<u32> {
    let st = ClassicState::new(ClassicOptions::default(), 2, 1).unwrap();
    st.card_table().iter().map(|c| c.copies as u32).collect()
}

fn hand_codes(st: &ClassicState, seat: usize) -> Vec<(usize, u8)> {
    st.hand(seat).iter().collect()
}

#[test]
fn swap_takes_the_only_outside_copy_from_another_hand() {
    // Three W+4 are in the discard pile, the fourth in seat 1's hand: the only candidate. Seat
    // 0's only plain number card is G3, so G3 goes to seat 1.
    let mut st = scenario(
        r#"{"players": 3, "hands": [["G3", "RS", "W"], ["W+4", "B7"], ["Y1"]],
            "discard": ["W+4", "W+4", "W+4", "R5"], "current": 0}"#,
    );
    let before = census(&st);
    let pile: Vec<u16> = st.draw_pile().as_slice().to_vec();
    let mut rng = Rng::new(3);
    let rec = st.swap_into_hand(0, card("W+4"), &mut rng);
    assert_eq!(
        rec,
        Some(SwapRecord {
            filler: card("G3"),
            source: SwapSource::Hand(1)
        })
    );
    let mut want0 = vec![(card("RS"), 1), (card("W"), 1), (card("W+4"), 1)];
    want0.sort();
    assert_eq!(hand_codes(&st, 0), want0);
    let mut want1 = vec![(card("G3"), 1), (card("B7"), 1)];
    want1.sort();
    assert_eq!(hand_codes(&st, 1), want1);
    assert_eq!(hand_codes(&st, 2), vec![(card("Y1"), 1)]);
    assert_eq!(st.draw_pile().as_slice(), &pile[..], "pile untouched");
    assert_eq!(census(&st), before);
    assert_eq!(st.top() as usize, card("R5"));
}

#[test]
fn swap_from_the_draw_pile_puts_the_filler_in_the_same_place() {
    // Seat 1 holds no Wild; the listed top of the pile is B9 then W; the other Wilds are in
    // the discard pile and in seat 0's hand. Seat 0's fillers: only R2.
    let mut st = scenario(
        r#"{"players": 2, "hands": [["R2", "W", "Y+2"], ["B4"]],
            "discard": ["W", "W", "G6"], "draw_pile": ["B9", "W"], "current": 0}"#,
    );
    let before = census(&st);
    let len = st.draw_pile_len();
    let rec = st.swap_into_hand(0, card("W"), &mut Rng::new(11));
    assert_eq!(
        rec,
        Some(SwapRecord {
            filler: card("R2"),
            source: SwapSource::DrawPile
        })
    );
    assert_eq!(st.hand(0).count(card("W")), 2);
    assert_eq!(st.hand(0).count(card("R2")), 0);
    assert_eq!(st.draw_pile_len(), len);
    // The drawn order is kept: B9 first, then the filler where the Wild was.
    let top: Vec<usize> = st.draw_pile().as_slice()[len - 2..]
        .iter()
        .rev()
        .map(|&c| c as usize)
        .collect();
    assert_eq!(top, vec![card("B9"), card("R2")]);
    assert_eq!(st.draw_pile().ordered(), 2);
    assert_eq!(census(&st), before);
}

#[test]
fn no_swap_without_an_outside_copy_or_a_filler() {
    // Every W+4 is in seat 0's hand or the discard pile: nothing to swap in.
    let st0 = scenario(
        r#"{"players": 2, "hands": [["R1", "W+4", "W+4"], ["B4"]],
            "discard": ["W+4", "W+4", "G6"], "current": 0}"#,
    );
    let mut st = st0.clone();
    assert_eq!(st.swap_into_hand(0, card("W+4"), &mut Rng::new(1)), None);
    assert_eq!(format!("{st:?}"), format!("{st0:?}"), "state unchanged");
    // Seat 1 holds no plain number card other than the kind itself.
    let st1 = scenario(
        r#"{"players": 2, "hands": [["R1"], ["B4", "BS"]], "discard": ["G6"], "current": 0}"#,
    );
    let mut st = st1.clone();
    assert_eq!(st.swap_into_hand(1, card("B4"), &mut Rng::new(1)), None);
    assert_eq!(format!("{st:?}"), format!("{st1:?}"));
    // ... but it can take another number card in place of its B4.
    let mut st = st1.clone();
    let rec = st.swap_into_hand(1, card("R1"), &mut Rng::new(1)).unwrap();
    assert_eq!(rec.filler, card("B4"));
    // Out-of-range kinds and seats are refused.
    let mut st = st1.clone();
    assert_eq!(st.swap_into_hand(0, NUM_KINDS, &mut Rng::new(1)), None);
    assert_eq!(st.swap_into_hand(2, 0, &mut Rng::new(1)), None);
}

#[test]
fn swaps_conserve_cards_for_every_kind_and_player_count() {
    let deck = full_deck();
    assert_eq!(deck.iter().sum::<u32>() as usize, DECK_SIZE);
    let mut made = 0;
    for players in 2..=MAX_PLAYERS {
        for i in 0..40u64 {
            let seed = stream_seed(game_seed(7, i), 0);
            let st = ClassicState::new(ClassicOptions::default(), players, seed).unwrap();
            assert_eq!(census(&st), deck);
            let seat = (i % players as u64) as Seat;
            for k in 0..NUM_KINDS {
                let mut g = st.clone();
                let Some(rec) = g.swap_into_hand(seat, k, &mut Rng::new(i * 100 + k as u64)) else {
                    continue;
                };
                made += 1;
                assert_eq!(census(&g), deck, "cards conserved");
                assert!(g.is_plain_number(rec.filler) && rec.filler != k);
                for s in 0..players {
                    assert_eq!(g.hand(s).len(), st.hand(s).len(), "hand sizes kept");
                }
                assert_eq!(g.draw_pile_len(), st.draw_pile_len());
                assert_eq!(g.held(seat, k), st.held(seat, k) + 1);
                assert_eq!(g.held(seat, rec.filler), st.held(seat, rec.filler) - 1);
                match rec.source {
                    SwapSource::Hand(from) => {
                        assert_ne!(from, seat);
                        assert_eq!(g.held(from, k) + 1, st.held(from, k));
                    }
                    SwapSource::DrawPile => {
                        let diff = g
                            .draw_pile()
                            .as_slice()
                            .iter()
                            .zip(st.draw_pile().as_slice())
                            .filter(|(a, b)| a != b)
                            .count();
                        assert_eq!(diff, 1, "exactly one pile position changes");
                    }
                }
                assert_eq!(g.to_act(), st.to_act(), "same decision pending");
                // The swapped game still plays to a legal end with cards conserved.
                if k % 9 == 0 {
                    let mut rng = Rng::new(k as u64);
                    while !g.is_terminal() {
                        let a = g.sample_legal(&mut rng);
                        g.apply(a).unwrap();
                    }
                    assert_eq!(census(&g), deck);
                }
            }
        }
    }
    assert!(made > 15_000, "{made} swaps made");
}

#[test]
fn played_kind_names_the_card_of_every_play_action() {
    let st = ClassicState::new(ClassicOptions::default(), 2, 5).unwrap();
    for a in 0..52u16 {
        assert_eq!(st.played_kind(a), Some(a as usize));
    }
    for a in 52..56u16 {
        assert_eq!(st.played_kind(a), Some(card("W")));
    }
    for a in 56..60u16 {
        assert_eq!(st.played_kind(a), Some(card("W+4")));
    }
    for a in 60..82u16 {
        assert_eq!(st.played_kind(a), None);
    }
    let plain = (0..NUM_KINDS).filter(|&k| st.is_plain_number(k)).count();
    assert_eq!(plain, 40);
}
