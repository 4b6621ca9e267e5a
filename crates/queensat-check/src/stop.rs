//! How a long search gives up: the branch and bound ([`crate::bnb_value`]), its counting
//! search ([`crate::bnb_count`]) and the replay of a search's tree each ask a `stop: fn() ->
//! bool` every [`STOP_POLL`] branching nodes (a stop signal's test, in the command line), so
//! that a search that would outlast a stop signal ends soon after it.

/// How many branching nodes pass between two questions to a search's `stop`.
const STOP_POLL: u32 = 1 << 16;

/// The `stop` of a search that runs to its end.
pub fn never() -> bool {
    false
}

/// A search's count of branching nodes, and its `stop`, asked every [`STOP_POLL`] of them.
pub(crate) struct StopPoll {
    stop: fn() -> bool,
    nodes: u32,
}

impl StopPoll {
    pub(crate) fn new(stop: fn() -> bool) -> StopPoll {
        StopPoll { stop, nodes: 0 }
    }

    /// One branching node more: whether `stop` was asked at this one and said yes.
    #[inline(always)]
    pub(crate) fn stops(&mut self) -> bool {
        self.nodes = self.nodes.wrapping_add(1);
        self.nodes.is_multiple_of(STOP_POLL) && self.ask()
    }

    #[cold]
    #[inline(never)]
    fn ask(&self) -> bool {
        (self.stop)()
    }
}
