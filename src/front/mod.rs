//! Front ends: each turns a [`Source`] into a naga module, or into
//! diagnostics that point into the source.

mod glsl;
mod spirv;
mod spirv_asm_positions;
mod spirv_float_atomics;
mod wgsl;

use naga::Module;

use crate::diagnostics::Diagnostic;
use crate::source::{InputFormat, Source};

pub use spirv::assemble as assemble_spirv;
pub(crate) use spirv_asm_positions::AssemblyPositions;
pub(crate) use wgsl::parse as parse_wgsl;
pub use wgsl::strip_unsupported_enables;

/// What the front end read besides the module: facts the module cannot
/// carry but the emitters need.
#[derive(Clone, Debug, Default)]
pub struct Parsed {
    pub module: Module,
}

pub fn parse(source: &Source) -> Result<Parsed, Vec<Diagnostic>> {
    if source.bytes.is_empty() {
        return Err(vec![Diagnostic::error(format!(
            "{} is empty: there is no shader to read",
            source.name
        ))
        .with_code("input::empty")]);
    }
    let module = match source.format {
        InputFormat::Wgsl => wgsl::parse(text_of(source)?),
        InputFormat::Glsl(stage) => glsl::parse(text_of(source)?, stage),
        InputFormat::SpirvBinary => spirv::parse_binary(&source.bytes),
        InputFormat::SpirvAssembly => spirv::parse_assembly(text_of(source)?),
    }?;
    Ok(Parsed { module })
}

fn text_of(source: &Source) -> Result<&str, Vec<Diagnostic>> {
    std::str::from_utf8(&source.bytes).map_err(|e| {
        vec![Diagnostic::error(format!(
            "{} is not UTF-8 text (invalid byte at offset {}); a {} shader is text",
            source.name,
            e.valid_up_to(),
            source.format
        ))
        .with_code("input::not-utf8")]
    })
}
