//! Exit codes: scripts rely on these. Every command's code comes from
//! here, a failure's from its kind.

use shaderxform::FailureKind;

pub const OK: i32 = 0;
/// The input is wrong or a pass refused; a diagnostic was printed.
pub const FAILED: i32 = 1;
pub const USAGE: i32 = 2;

/// The exit code of a failed compilation.
pub fn for_failure(kind: FailureKind) -> i32 {
    match kind {
        FailureKind::Usage => USAGE,
        _ => FAILED,
    }
}

/// Ends the process at once with `code`, after a hang: the hung dispatch
/// still runs on a driver's thread, and returning would wait for it.
/// Standard output and error must be flushed first. On Unix the exit
/// handlers of the loaded libraries are not run either: a driver's, with
/// its own thread still inside the hung shader, may crash there, and the
/// process would end by a signal rather than with `code`.
pub fn leave_now(code: i32) -> ! {
    let _ = std::io::Write::flush(&mut std::io::stdout());
    let _ = std::io::Write::flush(&mut std::io::stderr());
    #[cfg(unix)]
    // SAFETY: `_exit` ends the process without touching Rust's state; the
    // output that matters was flushed above.
    unsafe {
        libc::_exit(code)
    }
    #[cfg(not(unix))]
    std::process::exit(code)
}
