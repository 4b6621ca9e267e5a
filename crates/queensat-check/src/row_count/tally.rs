//! What a task's search adds up: the placements found, by their ties with the least key, and
//! whether a stop cut the search short. A task of a large count can run for a minute, so the
//! search asks its `stop` on the way ([`StopPoll`]) rather than only between tasks.

use crate::stop::StopPoll;
use std::ops::{Index, IndexMut};

/// Placements found, by their ties with the least key beyond the first: a number of keys, or
/// the keys' bits ([`keys`](super::keys)); and the search's stop.
pub(super) struct Tally {
    by_ties: [u64; 128],
    poll: StopPoll,
    stopped: bool,
}

impl Tally {
    pub(super) fn new(stop: fn() -> bool) -> Tally {
        Tally {
            by_ties: [0; 128],
            poll: StopPoll::new(stop),
            stopped: false,
        }
    }

    /// One polled node more: whether the search ends here, a stop having come now or before.
    #[inline(always)]
    pub(super) fn stops(&mut self) -> bool {
        if !self.stopped {
            self.stopped = self.poll.stops();
        }
        self.stopped
    }

    /// Whether a stop came (not asking again): for the nodes above the polled ones.
    #[inline(always)]
    pub(super) fn stopped(&self) -> bool {
        self.stopped
    }

    /// The placements by ties, unless a stop cut the search short (then its sums are partial).
    pub(super) fn finished(self) -> Option<[u64; 128]> {
        (!self.stopped).then_some(self.by_ties)
    }
}

impl Index<usize> for Tally {
    type Output = u64;

    #[inline(always)]
    fn index(&self, ties: usize) -> &u64 {
        &self.by_ties[ties]
    }
}

impl IndexMut<usize> for Tally {
    #[inline(always)]
    fn index_mut(&mut self, ties: usize) -> &mut u64 {
        &mut self.by_ties[ties]
    }
}
