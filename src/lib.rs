//! shaderxform: a shader source-to-source compiler on naga IR.
//!
//! It reads WGSL, SPIR-V or GLSL, runs transformation passes that make
//! shaders portable and fast (float atomic min/max on integer atomics,
//! barrier hoisting, lane transposition), validates the result, and writes
//! WGSL, SPIR-V, GLSL, HLSL or Metal.
//!
//! The library never prints and never exits: failures come back as
//! [`Failure`]s holding [`Diagnostic`]s, which [`render`] turns into
//! rustc-style text and [`DiagnosticJson`] into data.
//!
//! ```no_run
//! use shaderxform::{Compiler, Options, OutputFormat, Source};
//!
//! let source = Source::read("corpus/translate/histogram_atomic_u32.wgsl".as_ref(), None)?;
//! let compiler = Compiler::new(Options::default())?;
//! let compiled = compiler.compile(&source, &[OutputFormat::SpirvBinary, OutputFormat::Hlsl])?;
//! std::fs::write("histogram.spv", &compiled.outputs[0].bytes)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The module the passes work on is naga's IR ([`naga::Module`] in
//! [`Transformed::module`], naga's GLSL and HLSL versions in
//! [`EmitOptions`]). The crate re-exports the naga it is built with as
//! [`naga`], and the passes crate as [`passes`]: use those
//! re-exports rather than a naga dependency of your own, whose version
//! would have to match exactly for the types to be the same.

#![warn(missing_docs)]

pub mod back;
#[cfg(feature = "batch")]
pub mod batch;
#[cfg(feature = "build")]
pub mod build;
pub mod diagnostics;
pub mod front;
#[cfg(feature = "gpu")]
pub mod gpu;
pub mod includes;
pub mod pipeline;
pub mod reflect;
pub mod report;
#[cfg(feature = "serve")]
pub mod serve;
pub mod source;
pub mod spirv_tools;
mod spirv_words;
pub mod write;

pub use back::{EmitOptions, Output, OutputFormat, SpirvVersion, WgslTarget};
pub use diagnostics::{render, ColorChoice, Diagnostic, DiagnosticJson, Severity};
/// The naga this crate is built with, whose types its API takes and
/// returns.
pub use naga;
pub use pipeline::{Compiled, Compiler, Failure, FailureKind, Options, Transformed};
pub use reflect::Reflection;
pub use report::Report;
pub use shaderxform_host as host;
pub use shaderxform_passes as passes;
pub use shaderxform_passes::codes;
pub use shaderxform_passes::{PassSelection, Target};
pub use source::{InputFormat, Source};
pub use spirv_tools::Validators;

/// Renders every diagnostic, for a build script's panic message or a log.
pub fn render_all(diagnostics: &[Diagnostic], source: &Source, color: ColorChoice) -> String {
    diagnostics
        .iter()
        .map(|d| render(d, source, color))
        .collect::<Vec<_>>()
        .join("")
}

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
