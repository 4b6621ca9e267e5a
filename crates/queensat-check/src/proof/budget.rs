//! The cap on a check's work: a deadline and a stop test (a stop signal's, in the command
//! line), looked at every so many units of work so that they cost nothing measurable.

use std::time::Instant;

/// Units of work between two looks at the clock and the stop test.
const EVERY: u32 = 256;

pub(super) struct Budget {
    deadline: Option<Instant>,
    stop: fn() -> bool,
    count: u32,
}

/// Why the work was cut short.
#[derive(Debug)]
pub(super) enum Cut {
    /// The deadline passed.
    Deadline,
    /// The stop test said so.
    Stop,
}

impl Budget {
    pub(super) fn new(deadline: Option<Instant>, stop: fn() -> bool) -> Self {
        Budget {
            deadline,
            stop,
            count: 0,
        }
    }

    /// One unit of work (a step, a RAT candidate); an error once the deadline has passed or
    /// the stop test says so.
    pub(super) fn tick(&mut self) -> Result<(), Cut> {
        self.count += 1;
        if self.count >= EVERY {
            self.count = 0;
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(Cut::Deadline);
            }
            if (self.stop)() {
                return Err(Cut::Stop);
            }
        }
        Ok(())
    }
}
