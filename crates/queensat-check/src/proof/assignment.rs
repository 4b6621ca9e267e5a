//! A partial assignment with its trail, undone back to any earlier length.
//!
//! Invariant: a literal is true exactly when its negation is false, and the trail lists the
//! true literals in the order they were set.

use super::lits::Lit;

pub(super) const TRUE: i8 = 1;
pub(super) const FALSE: i8 = -1;

#[derive(Default)]
pub(super) struct Assignment {
    /// Per literal: TRUE, FALSE or 0 (unassigned).
    values: Vec<i8>,
    trail: Vec<Lit>,
}

impl Assignment {
    /// Makes room for `n_vars` variables.
    pub(super) fn grow(&mut self, n_vars: usize) {
        if self.values.len() < 2 * n_vars {
            self.values.resize(2 * n_vars, 0);
        }
    }

    #[inline]
    pub(super) fn value(&self, l: Lit) -> i8 {
        self.values[l.index()]
    }

    /// Makes `l` true (it is unassigned).
    #[inline]
    pub(super) fn assign(&mut self, l: Lit) {
        self.values[l.index()] = TRUE;
        self.values[(!l).index()] = FALSE;
        self.trail.push(l);
    }

    pub(super) fn len(&self) -> usize {
        self.trail.len()
    }

    /// The literal set `at`-th.
    #[inline]
    pub(super) fn nth(&self, at: usize) -> Lit {
        self.trail[at]
    }

    /// Unassigns what was set after the first `to`.
    pub(super) fn undo(&mut self, to: usize) {
        for l in self.trail.drain(to..) {
            self.values[l.index()] = 0;
            self.values[(!l).index()] = 0;
        }
    }
}
