//! Actions and the fixed-capacity legal-action buffer.
//!
//! An [`Action`] is a dense id into the variant's action space (`Game::NUM_ACTIONS` wide, the
//! policy-head width). Legal actions are written into an [`ActionList`], a caller-owned fixed
//! buffer, so generating them never allocates.

/// Dense action id; its meaning is documented per variant (see `classic::action`).
pub type Action = u16;

/// Maximum number of legal actions any variant may offer at one decision point.
pub const MAX_LEGAL: usize = 512;

/// Fixed-capacity list of legal actions (no heap). Ascending order is the convention.
#[derive(Clone)]
pub struct ActionList {
    len: usize,
    buf: [Action; MAX_LEGAL],
}

impl Default for ActionList {
    fn default() -> Self {
        Self::new()
    }
}

impl ActionList {
    pub const fn new() -> Self {
        ActionList {
            len: 0,
            buf: [0; MAX_LEGAL],
        }
    }
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }
    #[inline]
    pub fn push(&mut self, a: Action) {
        debug_assert!(self.len < MAX_LEGAL);
        self.buf[self.len] = a;
        self.len += 1;
    }
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    #[inline]
    pub fn as_slice(&self) -> &[Action] {
        &self.buf[..self.len]
    }
    #[inline]
    pub fn contains(&self, a: Action) -> bool {
        self.as_slice().contains(&a)
    }
}

impl std::ops::Deref for ActionList {
    type Target = [Action];
    fn deref(&self) -> &[Action] {
        self.as_slice()
    }
}

impl std::fmt::Debug for ActionList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}
