//! The cap on a check's work: a deadline, looked at every so many units of work so that the
//! clock costs nothing measurable.

use std::time::Instant;

/// Units of work between two looks at the clock.
const EVERY: u32 = 256;

pub(super) struct Budget {
    deadline: Option<Instant>,
    count: u32,
}

/// The deadline passed.
#[derive(Debug)]
pub(super) struct OutOfTime;

impl Budget {
    pub(super) fn new(deadline: Option<Instant>) -> Self {
        Budget { deadline, count: 0 }
    }

    /// One unit of work (a step, a RAT candidate); an error once the deadline has passed.
    pub(super) fn tick(&mut self) -> Result<(), OutOfTime> {
        self.count += 1;
        if self.count >= EVERY {
            self.count = 0;
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(OutOfTime);
            }
        }
        Ok(())
    }
}
