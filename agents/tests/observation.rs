//! The classic observation encoder and legal-action mask: sizes, section layout, what a player
//! may (not) see, and that the mask marks exactly the legal actions.

use uno_agents::classic::encode::{CLASSIC_MASK_LEN, CLASSIC_OBS_LEN, CLASSIC_SECTIONS};
use uno_agents::{legal_mask, ClassicEncoder, ObservationEncoder};
use uno_engine::classic::{ClassicOptions, ClassicState, ClassicView, Scenario, NUM_ACTIONS};
use uno_engine::{ActionList, DecisionKind, Game, Rng, Seat, MAX_PLAYERS};

fn scenario(json: &str) -> ClassicState {
    Scenario::from_json(json)
        .expect("scenario parses")
        .build()
        .expect("scenario is valid")
}

fn encode(s: &ClassicState, seat: Seat) -> Vec<f32> {
    let mut out = vec![0.0; CLASSIC_OBS_LEN];
    ClassicEncoder::encode(&s.view(seat), &mut out);
    out
}

/// The slice of section `name` in an encoding.
fn section<'a>(obs: &'a [f32], name: &str) -> &'a [f32] {
    let mut pos = 0;
    for &(n, len) in CLASSIC_SECTIONS.iter() {
        if n == name {
            return &obs[pos..pos + len];
        }
        pos += len;
    }
    panic!("no section {name}");
}

#[test]
fn sections_sum_to_the_length() {
    let sum: usize = CLASSIC_SECTIONS.iter().map(|&(_, l)| l).sum();
    assert_eq!(sum, CLASSIC_OBS_LEN);
    assert_eq!(CLASSIC_OBS_LEN, 348);
    assert_eq!(<ClassicEncoder as ObservationEncoder>::LEN, CLASSIC_OBS_LEN);
    assert_eq!(CLASSIC_MASK_LEN, NUM_ACTIONS);
    // Section names are unique (so they can be looked up by name).
    let mut names: Vec<&str> = CLASSIC_SECTIONS.iter().map(|&(n, _)| n).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), CLASSIC_SECTIONS.len());
}

#[test]
fn encode_writes_exactly_len_values() {
    let s = ClassicState::new(ClassicOptions::default(), 4, 11).unwrap();
    const SENTINEL: f32 = -12345.0;
    let mut buf = vec![SENTINEL; CLASSIC_OBS_LEN + 16];
    ClassicEncoder::encode(&s.view(0), &mut buf);
    assert!(
        buf[..CLASSIC_OBS_LEN].iter().all(|&x| x != SENTINEL),
        "every element of the encoding is written"
    );
    assert!(
        buf[CLASSIC_OBS_LEN..].iter().all(|&x| x == SENTINEL),
        "nothing is written past CLASSIC_OBS_LEN"
    );
    assert!(buf[..CLASSIC_OBS_LEN].iter().all(|x| x.is_finite()));
    // Encoding into a dirty buffer gives the same result as into a clean one.
    assert_eq!(&buf[..CLASSIC_OBS_LEN], &encode(&s, 0)[..]);
}

#[test]
#[should_panic(expected = "too short")]
fn encode_rejects_a_short_buffer() {
    let s = ClassicState::new(ClassicOptions::default(), 2, 1).unwrap();
    let mut buf = vec![0.0; CLASSIC_OBS_LEN - 1];
    ClassicEncoder::encode(&s.view(0), &mut buf);
}

// Two positions that differ only in what seat 0 may not see: seat 1's hand (same size,
// different cards) and the draw pile (different listed top cards, different seed for the
// rest). Everything public (discard, top, colour, sizes, turn) is the same.
const A: &str = r#"{
  "players": 3,
  "seed": 1,
  "hands": [["R5", "G+2", "W"], ["B1", "B2", "Y7"], ["G3", "G4"]],
  "discard": ["Y3", "R3"],
  "draw_pile": ["B7", "G7", "W+4"],
  "current": 0
}"#;
const B: &str = r#"{
  "players": 3,
  "seed": 99,
  "hands": [["R5", "G+2", "W"], ["W+4", "RS", "B9"], ["G3", "G4"]],
  "discard": ["Y3", "R3"],
  "draw_pile": ["Y0", "G9", "R9"],
  "current": 0
}"#;

#[test]
fn encoding_hides_other_hands_and_the_draw_pile() {
    let a = scenario(A);
    let b = scenario(B);
    // The set-up really differs in hidden information.
    assert_ne!(a.hand(1), b.hand(1));
    assert_ne!(a.draw_pile().as_slice(), b.draw_pile().as_slice());
    assert_eq!(a.draw_pile_len(), b.draw_pile_len());

    for seat in [0, 2] {
        assert_eq!(
            encode(&a, seat),
            encode(&b, seat),
            "seat {seat} must not see seat 1's hand or the draw pile"
        );
        // The whole view, not just its encoding, is the same.
        assert_eq!(
            format!("{:?}", a.view(seat)),
            format!("{:?}", b.view(seat)),
            "view of seat {seat}"
        );
    }
    let (ea, eb) = (encode(&a, 1), encode(&b, 1));
    assert_ne!(ea, eb, "seat 1 sees its own hand");
    assert_ne!(section(&ea, "hand"), section(&eb, "hand"));
}

#[test]
fn hidden_information_stays_hidden_after_the_same_moves() {
    // Seat 0 plays R5 on R3 in both positions; seat 1 then draws the first listed pile card,
    // which differs between A and B (B7 / Y0, neither playable, so the turn passes in both).
    // Seat 0 and seat 2 still cannot tell the positions apart.
    let mut a = scenario(A);
    let mut b = scenario(B);
    let mut legal = ActionList::new();
    a.legal_actions(&mut legal);
    let r5 = uno_engine::classic::encode_play(uno_engine::classic::parse_card("R5").unwrap(), 0);
    assert!(legal.contains(r5));
    a.apply(r5).unwrap();
    b.apply(r5).unwrap();
    assert_eq!(a.to_act(), b.to_act());
    assert_eq!(a.to_act().map(|(s, _)| s), Some(1));
    a.apply(uno_engine::classic::action::DRAW).unwrap();
    b.apply(uno_engine::classic::action::DRAW).unwrap();
    assert_eq!(a.to_act(), b.to_act());
    for seat in [0, 2] {
        assert_eq!(encode(&a, seat), encode(&b, seat), "seat {seat}");
    }
    assert_ne!(encode(&a, 1), encode(&b, 1));
}

#[test]
fn view_holds_own_hand_and_only_sizes_of_others() {
    let a = scenario(A);
    let v: ClassicView = a.view(0);
    assert_eq!(v.seat, 0);
    assert_eq!(v.num_players, 3);
    assert_eq!(&v.hand, a.hand(0));
    assert_eq!(v.hand.len(), 3);
    assert_eq!(&v.hand_sizes[..3], &[3, 3, 2]);
    assert!(v.hand_sizes[3..].iter().all(|&n| n == 0));
    assert_ne!(&v.hand, a.hand(1));
    assert_eq!(v.draw_pile_len as usize, a.draw_pile_len());
    assert_eq!(v.drawn_card, None);
    // The hand section of the encoding is seat 0's hand, and the hand-size section is
    // seat-relative.
    let e = encode(&a, 0);
    let hand = section(&e, "hand");
    for (k, &x) in hand.iter().enumerate() {
        assert_eq!(x, a.hand(0).count(k) as f32, "kind {k}");
    }
    assert_eq!(&section(&e, "hand_sizes")[..3], &[0.3, 0.3, 0.2]);
    let e2 = encode(&a, 2);
    // From seat 2: offset 0 = seat 2 (2 cards), offset 1 = seat 0, offset 2 = seat 1.
    assert_eq!(&section(&e2, "hand_sizes")[..3], &[0.2, 0.3, 0.3]);
}

#[test]
fn drawn_card_is_seen_only_by_the_drawer() {
    let s = scenario(
        r#"{
      "players": 2,
      "hands": [["R5", "G7"], ["B1", "B2"]],
      "discard": ["R3"],
      "decision": "post_draw",
      "drawn_card": "R5",
      "current": 0
    }"#,
    );
    assert_eq!(s.to_act(), Some((0, DecisionKind::PostDraw)));
    let r5 = uno_engine::classic::parse_card("R5").unwrap();
    assert_eq!(s.view(0).drawn_card, Some(r5));
    assert_eq!(s.view(1).drawn_card, None);
    let e0 = encode(&s, 0);
    let e1 = encode(&s, 1);
    let d0 = section(&e0, "drawn_card");
    assert_eq!(d0[r5 as usize], 1.0);
    assert_eq!(d0.iter().sum::<f32>(), 1.0);
    assert!(section(&e1, "drawn_card").iter().all(|&x| x == 0.0));
}

fn one_hot(s: &[f32]) -> Option<usize> {
    let ones: Vec<usize> = (0..s.len()).filter(|&i| s[i] == 1.0).collect();
    let zeros = s.iter().filter(|&&x| x == 0.0).count();
    if ones.len() == 1 && zeros == s.len() - 1 {
        Some(ones[0])
    } else {
        None
    }
}

/// Plays random games and checks every seat's encoding and the legal mask at every decision.
#[test]
fn encoding_and_mask_are_consistent_through_random_games() {
    let mut legal = ActionList::new();
    let mut mask = vec![0.0f32; CLASSIC_MASK_LEN];
    let mut decisions = 0usize;
    for (players, seed) in [(2usize, 1u64), (3, 2), (4, 3), (10, 4)] {
        let opts = ClassicOptions {
            stack_draw2: true,
            seven_zero: true,
            jump_in: true,
            ..ClassicOptions::default()
        };
        let mut s = ClassicState::new(opts, players, seed).unwrap();
        let mut rng = Rng::new(seed);
        let mut steps = 0;
        while let Some((actor, kind)) = s.to_act() {
            s.legal_actions(&mut legal);
            assert!(!legal.is_empty());
            // Mask: exactly the legal actions, from a dirty buffer.
            mask.fill(0.5);
            legal_mask(&legal, &mut mask);
            assert_eq!(mask.len(), NUM_ACTIONS);
            for (a, &m) in mask.iter().enumerate() {
                let is_legal = legal.contains(a as u16);
                assert_eq!(m, if is_legal { 1.0 } else { 0.0 }, "action {a}");
                // The mask agrees with the strict apply.
                assert_eq!(
                    s.clone().apply(a as u16).is_ok(),
                    is_legal,
                    "action {a} at {kind:?}"
                );
            }
            assert_eq!(mask.iter().sum::<f32>() as usize, legal.len());

            for viewer in 0..players as Seat {
                let e = encode(&s, viewer);
                let rel = |seat: usize| (seat + players - viewer as usize) % players;
                for (k, &x) in section(&e, "hand").iter().enumerate() {
                    assert_eq!(x, s.hand(viewer as usize).count(k) as f32);
                }
                assert_eq!(one_hot(section(&e, "top")), Some(s.top() as usize));
                assert_eq!(one_hot(section(&e, "colour")), Some(s.color() as usize));
                assert_eq!(one_hot(section(&e, "decision")), Some(kind.index()));
                assert_eq!(
                    one_hot(section(&e, "current")),
                    Some(rel(s.current() as usize))
                );
                assert_eq!(
                    one_hot(section(&e, "last_player")),
                    Some(rel(s.last_player() as usize))
                );
                let seats = section(&e, "seats");
                assert_eq!(seats.iter().sum::<f32>() as usize, players);
                assert!(seats[..players].iter().all(|&x| x == 1.0));
                let sizes = section(&e, "hand_sizes");
                for seat in 0..players {
                    assert_eq!(sizes[rel(seat)], s.hand(seat).len() as f32 / 10.0);
                }
                assert!(sizes[players..MAX_PLAYERS].iter().all(|&x| x == 0.0));
                let drawn = section(&e, "drawn_card");
                if viewer == actor && kind == DecisionKind::PostDraw {
                    assert_eq!(one_hot(drawn), s.drawn_card().map(|c| c as usize));
                } else {
                    assert!(drawn.iter().all(|&x| x == 0.0));
                }
                assert_eq!(
                    section(&e, "discard").iter().sum::<f32>() as usize,
                    s.discard_len()
                );
                let own: f32 = section(&e, "hand").iter().sum();
                assert_eq!(own as usize, s.hand(viewer as usize).len());
            }
            let a = legal[rng.below(legal.len() as u32) as usize];
            s.apply(a).unwrap();
            steps += 1;
            decisions += 1;
            if steps > 3000 {
                break;
            }
        }
    }
    assert!(decisions > 100);
}

#[test]
fn challenger_sees_the_shown_hand_and_nobody_else_does() {
    use uno_engine::classic::action::CHALLENGE;
    use uno_engine::classic::parse_card;
    let st = |_: ()| {
        uno_engine::classic::Scenario::from_json(
            r#"{"players": 3, "hands": [["R5", "G2"], ["Y7", "B1"], ["B4", "Y2"]],
                "discard": ["R3", "W+4"], "color": "blue", "current": 1, "last_player": 0,
                "decision": "respond", "pending_draw": 4, "wd4_guilty": true}"#,
        )
        .unwrap()
        .build()
        .unwrap()
    };
    let mut s = st(());
    assert!(s.view(1).revealed.is_none());
    s.apply(CHALLENGE).unwrap();
    // Seat 1 challenged seat 0 and saw its hand as it was (R5 G2), before the penalty draw.
    let v1 = s.view(1);
    let (by, hand) = v1.revealed.expect("challenger sees the hand");
    assert_eq!(by, 0);
    assert_eq!(hand.len(), 2);
    assert_eq!(hand.count(parse_card("R5").unwrap() as usize), 1);
    assert_eq!(hand.count(parse_card("G2").unwrap() as usize), 1);
    assert!(s.view(0).revealed.is_none());
    assert!(s.view(2).revealed.is_none());
    let mut e1 = vec![0.0; CLASSIC_OBS_LEN];
    ClassicEncoder::encode(&v1, &mut e1);
    assert_eq!(section(&e1, "revealed").iter().sum::<f32>(), 2.0);
    // Seat 0 sits two places after seat 1 in seat order.
    assert_eq!(section(&e1, "revealed_by")[2], 1.0);
    let mut e2 = vec![0.0; CLASSIC_OBS_LEN];
    ClassicEncoder::encode(&s.view(2), &mut e2);
    assert!(section(&e2, "revealed").iter().all(|&x| x == 0.0));
}

// ----- the classic-evidence encoder -----

fn encode_evidence(s: &ClassicState, seat: Seat) -> Vec<f32> {
    use uno_agents::classic::encode::CLASSIC_EVIDENCE_OBS_LEN;
    let mut out = vec![-1.0; CLASSIC_EVIDENCE_OBS_LEN];
    uno_agents::ClassicEvidenceEncoder::encode(&s.view(seat), &mut out);
    out
}

#[test]
fn evidence_encoding_is_the_plain_one_then_the_draws_by_seat_offset_and_slot() {
    // Three players; red in effect. Seat 0 holds no red and draws (G5, unplayable); seat 1 then
    // plays R1; seat 2 cannot follow red or a 1 and draws (B8). Seat 0 then draws on red once
    // more (Y4).
    let mut s = scenario(
        r#"{"players": 3, "hands": [["G1", "G2"], ["R1", "R2", "Y9"], ["B1", "B2"]],
            "discard": ["R3"], "draw_pile": ["G5", "B8", "Y4"]}"#,
    );
    let draw = uno_engine::classic::action::DRAW;
    s.apply(draw).unwrap();
    s.apply(uno_engine::classic::encode_play(
        uno_engine::classic::parse_card("R1").unwrap(),
        0,
    ))
    .unwrap();
    s.apply(draw).unwrap();
    let len = uno_agents::classic::encode::CLASSIC_EVIDENCE_OBS_LEN;
    assert_eq!(len, CLASSIC_OBS_LEN + MAX_PLAYERS * 5);
    for viewer in 0..3u8 {
        let e = encode_evidence(&s, viewer);
        assert_eq!(
            e[..CLASSIC_OBS_LEN],
            encode(&s, viewer)[..],
            "the plain encoding first"
        );
        let ev = &e[CLASSIC_OBS_LEN..];
        let at = |seat: usize, slot: usize| ev[((seat + 3 - viewer as usize) % 3) * 5 + slot];
        // Seat 0 drew on red (one card taken since), seat 2 drew on red; both without a Wild.
        assert_eq!(at(0, 0), 1.0);
        assert_eq!(at(0, 4), 1.0);
        assert_eq!(at(2, 0), 1.0);
        assert_eq!(at(2, 4), 1.0);
        // Nothing else, and nothing past the player count.
        let set: usize = ev.iter().filter(|&&x| x != 0.0).count();
        assert_eq!(set, 4, "viewer {viewer}: {ev:?}");
    }
    // Seat 0 draws on red again (Y4): its count restarts at 1.
    s.apply(draw).unwrap();
    let ev = encode_evidence(&s, 1)[CLASSIC_OBS_LEN..].to_vec();
    // Seat 0 is offset 2 from seat 1.
    assert_eq!(ev[2 * 5], 1.0);
    assert!(ev.iter().all(|&x| (0.0..=1.0).contains(&x)));
}

#[test]
fn evidence_fades_with_the_cards_taken_since() {
    // Two players, red in effect: seat 0 draws (B5); seat 1 plays R+2 on it: seat 0 takes two
    // more cards, three since its draw on red.
    let mut s = scenario(
        r#"{"players": 2, "hands": [["G1", "G2"], ["R+2", "R9", "Y9"]],
            "discard": ["R3"], "draw_pile": ["B5", "B6", "B7"]}"#,
    );
    s.apply(uno_engine::classic::action::DRAW).unwrap();
    s.apply(uno_engine::classic::encode_play(
        uno_engine::classic::parse_card("R+2").unwrap(),
        0,
    ))
    .unwrap();
    assert_eq!(s.hand(0).len(), 5);
    let ev = encode_evidence(&s, 1)[CLASSIC_OBS_LEN..].to_vec();
    // Seat 0 is offset 1 from seat 1.
    assert_eq!(ev[5], 1.0 / 3.0);
    assert_eq!(ev[5 + 4], 1.0 / 3.0);
}
