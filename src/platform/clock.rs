//! Entropy for choices that need no more than a fair coin or a pacing delay: the clock.

pub fn clock_seed() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
