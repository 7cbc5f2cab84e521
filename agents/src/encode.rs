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
