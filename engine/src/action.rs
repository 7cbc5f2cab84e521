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

/// Where a variant's legal-action generator writes, in ascending order: the caller's
/// [`ActionList`], or a [`StackList`] on the random agent's fast paths (which count and pick
/// without the caller's list).
pub trait LegalOut {
    fn push(&mut self, a: Action);
    fn clear(&mut self);
    fn is_empty(&self) -> bool;
}

impl LegalOut for ActionList {
    #[inline]
    fn push(&mut self, a: Action) {
        ActionList::push(self, a)
    }
    #[inline]
    fn clear(&mut self) {
        ActionList::clear(self)
    }
    #[inline]
    fn is_empty(&self) -> bool {
        ActionList::is_empty(self)
    }
}

/// A short legal list of at most `N` actions on the stack, left uninitialised past its length:
/// making one costs nothing (zeroing an [`ActionList`]'s 1 KiB, or even a few hundred bytes,
/// costs more than writing a decision's few actions).
pub struct StackList<const N: usize> {
    len: usize,
    buf: [std::mem::MaybeUninit<Action>; N],
}

impl<const N: usize> StackList<N> {
    #[inline]
    pub fn new() -> Self {
        StackList {
            len: 0,
            buf: [const { std::mem::MaybeUninit::uninit() }; N],
        }
    }
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The `i`-th action written (`i` below `len`, checked).
    #[inline]
    pub fn get(&self, i: usize) -> Action {
        self.as_slice()[i]
    }
    #[inline]
    pub fn as_slice(&self) -> &[Action] {
        // SAFETY: the first `len` entries were written by `push` (and `len <= N`, as `push`
        // indexes `buf` with a bounds check).
        unsafe { std::slice::from_raw_parts(self.buf.as_ptr().cast::<Action>(), self.len) }
    }
}

impl<const N: usize> Default for StackList<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> LegalOut for StackList<N> {
    #[inline]
    fn push(&mut self, a: Action) {
        self.buf[self.len].write(a);
        self.len += 1;
    }
    #[inline]
    fn clear(&mut self) {
        self.len = 0;
    }
    #[inline]
    fn is_empty(&self) -> bool {
        StackList::is_empty(self)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stack_list_keeps_what_is_pushed() {
        let mut l = StackList::<4>::new();
        assert!(l.is_empty() && l.as_slice().is_empty());
        for a in [7, 3, 9] {
            l.push(a);
        }
        assert_eq!((l.len(), l.as_slice(), l.get(1)), (3, &[7, 3, 9][..], 3));
        l.clear();
        assert!(l.is_empty());
        l.push(5);
        assert_eq!(l.as_slice(), &[5]);
    }

    #[test]
    #[should_panic]
    fn stack_list_get_past_len_panics() {
        let mut l = StackList::<4>::new();
        l.push(1);
        l.get(1);
    }
}
