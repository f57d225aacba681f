//! Analyses and transformation passes on naga IR.
//!
//! This crate does no I/O and knows nothing of files, GPUs or command
//! lines: it takes a [`naga::Module`], changes it, and says what it did.
//! The `shaderxform` crate drives it.
//!
//! naga's types are this crate's vocabulary: passes take a
//! [`naga::Module`], diagnostics carry [`naga::Span`]s. The crate re-exports
//! the naga it is built with as [`naga`]; use that re-export
//! (`shaderxform_passes::naga::Module`) rather than a naga dependency of
//! your own, whose version would have to match exactly for the types to be
//! the same.

#![warn(missing_docs)]

pub mod analysis;
pub mod codes;
pub mod diagnostic;
pub mod float_atomics;
pub mod hoist_barriers;
pub mod ir;
pub mod lane_transpose;
pub mod manager;
pub mod pass;
#[cfg(test)]
mod testing;

pub use diagnostic::{Diagnostic, Label, Severity, SourceFile};
pub use manager::{
    PassManager, PassReport, PassSelection, RunError, RunOutcome, SelectionError, Skipped,
};
pub use pass::{
    Change, Checkpoint, Notes, OptionSpec, Pass, PassContext, PassOptions, Phase, Requirement,
    Selection, Target,
};

/// The naga this crate is built with, whose types its API takes and
/// returns.
pub use naga;

/// Every pass shaderxform ships, in the order they run.
pub fn builtin_passes() -> Vec<Box<dyn Pass>> {
    vec![
        Box::new(float_atomics::FloatAtomics),
        Box::new(hoist_barriers::HoistBarriers),
        Box::new(lane_transpose::LaneTranspose),
    ]
}
