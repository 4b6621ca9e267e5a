//! The segment LP behind the value search: its checked dual bound and the clauses it implies
//! ([`bound`]), dives on the packing LP towards a placement ([`dive`]), and the slices of
//! solver time both run in, so that a stop signal or a deadline ends them ([`slices`]).

pub(super) mod bound;
pub(super) mod dive;
mod slices;
