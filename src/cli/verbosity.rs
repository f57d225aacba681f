//! How much the command line says on stderr besides its errors: `-q`
//! only the errors, `-v` also how a run went (the front end, the passes,
//! the time of each stage, batch's cache hits). Set once, before any
//! command runs, and read wherever something is printed.

use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Verbosity {
    Quiet,
    Normal,
    Verbose,
}

static LEVEL: AtomicU8 = AtomicU8::new(Verbosity::Normal as u8);

pub(super) fn set(verbosity: Verbosity) {
    LEVEL.store(verbosity as u8, Ordering::Relaxed);
}

pub(super) fn get() -> Verbosity {
    match LEVEL.load(Ordering::Relaxed) {
        0 => Verbosity::Quiet,
        1 => Verbosity::Normal,
        _ => Verbosity::Verbose,
    }
}

pub(super) fn quiet() -> bool {
    get() == Verbosity::Quiet
}

pub(super) fn verbose() -> bool {
    get() == Verbosity::Verbose
}

/// A duration as `-v` prints it: milliseconds, three significant places
/// for the short ones.
pub(super) fn millis(duration: Duration) -> String {
    let ms = duration.as_secs_f64() * 1000.0;
    if ms < 10.0 {
        format!("{ms:.3} ms")
    } else {
        format!("{ms:.1} ms")
    }
}
