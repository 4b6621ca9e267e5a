//! The one step every search takes for each question: ask, time, log.

use super::answer::Answer;
use super::call::{Call, CallForm};
use super::session::Reply;
use std::time::Instant;

/// Runs `ask` on `question` and records its answer in `calls`, with the size of what it found
/// (`size`) and its wall-clock and CPU seconds ([`CallForm::CPU_CLOCK`]); a "no" that needed
/// no solver (a counter or a certificate) takes no time. A call a stop ended is recorded too,
/// answered "stopped". The reply goes back to the search, which decides what to ask next.
pub fn logged<F: CallForm, T>(
    calls: &mut Vec<Call<F>>,
    question: F::Question,
    size: impl Fn(&T) -> usize,
    ask: impl FnOnce() -> anyhow::Result<Reply<T>>,
) -> anyhow::Result<Reply<T>> {
    let t = Instant::now();
    let cpu = F::CPU_CLOCK.read();
    let reply = ask()?;
    let timed = !matches!(reply.answer, Answer::Refuted(_));
    calls.push(Call {
        question,
        answer: reply.answer,
        found: reply.found.as_ref().map(size),
        seconds: if timed { t.elapsed().as_secs_f64() } else { 0.0 },
        cpu_seconds: if timed {
            (F::CPU_CLOCK.read() - cpu).max(0.0)
        } else {
            0.0
        },
    });
    Ok(reply)
}

/// A log whose last call a stop ended before it answered, kept as it began (a stopped call that
/// took no time), with that call's time set to `seconds`: for a search given up on from another
/// thread ([`Kept`](crate::run::deadline::Kept)).
pub fn stopped_call_took<F: CallForm>(calls: &mut [Call<F>], seconds: f64) {
    if let Some(last) = calls.last_mut() {
        last.seconds = seconds;
    }
}
