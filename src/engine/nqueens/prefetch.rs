//! A cache prefetch hint: the greedy start knows which random words it will read a few rows
//! ahead, and on boards far larger than the cache, asking for them early lets the memory
//! fetches overlap instead of queueing one after another.

/// Hints that `slice[i]` will be read soon. It changes no result; out of range does nothing.
#[inline(always)]
pub fn prefetch<T>(slice: &[T], i: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(x) = slice.get(i) {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: a prefetch never faults, and the address is that of a live element.
        #[allow(unused_unsafe)]
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>((x as *const T).cast::<i8>())
        };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (slice, i);
}
