//! Observation encoders, kept apart from the rules (as in the Hanabi Learning Environment): a
//! view is written into a caller-provided `&mut [f32]` in documented sections whose lengths are
//! asserted, plus a legal-action mask of the variant's action-space width.

use uno_engine::Action;

/// Encodes a variant's player view into a flat float vector.
pub trait ObservationEncoder {
    type View;
    /// Length of the encoding.
    const LEN: usize;
    /// Writes the encoding of `view` into `out[..LEN]` (every element is written).
    fn encode(view: &Self::View, out: &mut [f32]);
}

/// A variant's observation encoder as a value: what neural agents and training use
/// (`AgentSupport::observation`).
pub struct Observation<G: uno_engine::Game> {
    /// Variant name (written into model configs).
    pub variant: &'static str,
    /// Encoder name: the variant's name for its first (default) encoder, which model configs
    /// from before encoders had names mean; another name for each further encoder.
    pub name: &'static str,
    /// Encoding length.
    pub len: usize,
    pub encode: fn(&G::View, &mut [f32]),
    /// The encoder whose whole encoding is the first part of this one, if any: a network trained
    /// on that one starts out on this one with zero weights for the further inputs (`uno train
    /// --init`), which leaves its values unchanged.
    pub extends: Option<&'static str>,
}

impl<G: uno_engine::Game> Clone for Observation<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: uno_engine::Game> Copy for Observation<G> {}

/// Writes the 0/1 legal-action mask (`out.len()` = the action-space width).
pub fn legal_mask(legal: &[Action], out: &mut [f32]) {
    out.fill(0.0);
    for &a in legal {
        out[a as usize] = 1.0;
    }
}

/// Total length of a list of `(name, length)` sections.
pub const fn total(sections: &[(&str, usize)]) -> usize {
    let mut t = 0;
    let mut i = 0;
    while i < sections.len() {
        t += sections[i].1;
        i += 1;
    }
    t
}

/// The part of the encoding `obs` that the section `name` of `sections` fills; panics if there
/// is no such section (for tests and inspection).
pub fn section_of<'a>(sections: &[(&str, usize)], obs: &'a [f32], name: &str) -> &'a [f32] {
    let mut pos = 0;
    for &(n, len) in sections {
        if n == name {
            return &obs[pos..pos + len];
        }
        pos += len;
    }
    panic!("no section {name}");
}

/// Cursor that fills one section of an encoding at a time and checks its length against the
/// encoder's section table.
pub struct Writer<'a> {
    pub out: &'a mut [f32],
    pub sections: &'static [(&'static str, usize)],
    pub pos: usize,
    pub section: usize,
}

impl<'a> Writer<'a> {
    pub fn new(out: &'a mut [f32], sections: &'static [(&'static str, usize)]) -> Self {
        Writer {
            out,
            sections,
            pos: 0,
            section: 0,
        }
    }

    /// The next section, zeroed; panics if its length is not the table's.
    pub fn section(&mut self, len: usize) -> &mut [f32] {
        let (name, expected) = self.sections[self.section];
        assert_eq!(len, expected, "section {name} length");
        let s = &mut self.out[self.pos..self.pos + len];
        s.fill(0.0);
        self.pos += len;
        self.section += 1;
        s
    }
}

/// Checks every encoder's tests share.
#[cfg(test)]
pub(crate) mod checks {
    use super::ObservationEncoder;
    use uno_engine::game::{Priors, SearchGame};
    use uno_engine::{ActionList, Rng};

    /// The section table is `expected` (the documented one), its names are unique and its
    /// lengths add up to `len`.
    pub(crate) fn section_table(
        sections: &[(&str, usize)],
        expected: &[(&str, usize)],
        len: usize,
    ) {
        assert_eq!(sections, expected);
        assert_eq!(sections.iter().map(|&(_, l)| l).sum::<usize>(), len);
        let mut names: Vec<&str> = sections.iter().map(|&(n, _)| n).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), sections.len(), "a section name repeats");
    }

    /// What [`random_games`] compared.
    pub(crate) struct Compared {
        /// Onlooker views compared with their determinization's.
        pub views: usize,
        /// Of those, how many times the next seat's own encoding differed between the state
        /// and the determinization (the hidden cards were dealt anew).
        pub hidden_differs: usize,
    }

    /// Plays each of `games` (a label and a dealt state) at random and checks the actor's
    /// encoding by `E` at every decision: every element written (over a sentinel), none past
    /// `E::LEN`, each section finite and within `range(section)`, and the legal-action mask
    /// marking exactly the legal actions. At every `every`-th decision of a game, the same view
    /// encodes the same again, and an onlooker (the seat `step` places after the actor, the
    /// actor included) encodes the same from the real state as from the engine's
    /// determinization for them, which keeps what they see and deals every hidden card anew:
    /// the encoding holds the view only. `visit` sees every actor's view.
    pub(crate) fn random_games<G, E>(
        games: impl IntoIterator<Item = (String, G)>,
        sections: &[(&str, usize)],
        range: impl Fn(&str) -> (f32, f32),
        every: u32,
        mut visit: impl FnMut(&G::View),
    ) -> Compared
    where
        G: SearchGame,
        E: ObservationEncoder<View = G::View>,
    {
        const SENTINEL: f32 = -12345.0;
        let len = E::LEN;
        let mut legal = ActionList::new();
        let mut rng = Rng::new(5);
        let mut buf = vec![SENTINEL; len + 8];
        let (mut again, mut other) = (vec![0.0; len], vec![0.0; len]);
        let mut mask = vec![0.0; G::NUM_ACTIONS];
        let mut found = Compared {
            views: 0,
            hidden_differs: 0,
        };
        for (name, mut s) in games {
            let players = s.num_players();
            let mut step = 0u32;
            while let Some((seat, _)) = s.to_act() {
                buf.fill(SENTINEL);
                let view = s.view(seat);
                visit(&view);
                E::encode(&view, &mut buf);
                assert!(buf[..len].iter().all(|&x| x != SENTINEL), "{name}");
                assert!(buf[len..].iter().all(|&x| x == SENTINEL), "{name}");
                let mut pos = 0;
                for &(sec, l) in sections {
                    let (lo, hi) = range(sec);
                    for &x in &buf[pos..pos + l] {
                        assert!(
                            x.is_finite() && (lo..=hi).contains(&x),
                            "{name} {players}p section {sec}: {x} outside [{lo}, {hi}]"
                        );
                    }
                    pos += l;
                }
                s.legal_actions(&mut legal);
                crate::legal_mask(legal.as_slice(), &mut mask);
                assert_eq!(mask.iter().filter(|&&x| x == 1.0).count(), legal.len());
                assert!(legal.as_slice().iter().all(|&a| mask[a as usize] == 1.0));
                if step.is_multiple_of(every) {
                    E::encode(&s.view(seat), &mut again);
                    assert_eq!(
                        &buf[..len],
                        &again[..],
                        "{name} {players}p: not deterministic"
                    );
                    let look = ((seat as usize + step as usize) % players) as u8;
                    E::encode(&s.view(look), &mut again);
                    let d = s.determinize(look, Priors::default(), &mut rng);
                    E::encode(&d.view(look), &mut other);
                    assert_eq!(again, other, "{name} {players}p: seat {look}'s encoding");
                    found.views += 1;
                    let t = (look + 1) % players as u8;
                    E::encode(&s.view(t), &mut again);
                    E::encode(&d.view(t), &mut other);
                    found.hidden_differs += (again != other) as usize;
                }
                step += 1;
                let a = legal.as_slice()[rng.below(legal.len() as u32) as usize];
                s.apply_unchecked(a);
            }
        }
        found
    }
}
