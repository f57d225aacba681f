//! Analyses and transformation passes on naga IR.
//!
//! This crate does no I/O and knows nothing of files, GPUs or command
//! lines: it takes a [`naga::Module`], changes it, and says what it did.
//! The `shaderxform` crate drives it.

pub mod analysis;
pub mod codes;
pub mod diagnostic;
pub mod float_atomics;
pub mod float_order;
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

pub use naga;

/// Every pass shaderxform ships, in the order they run.
pub fn builtin_passes() -> Vec<Box<dyn Pass>> {
    vec![
        Box::new(float_atomics::FloatAtomics),
        Box::new(hoist_barriers::HoistBarriers),
        Box::new(lane_transpose::LaneTranspose),
    ]
}
