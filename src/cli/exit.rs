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
