//! Shader inputs: their formats and contents.

use std::fmt;
use std::path::Path;

use naga::ShaderStage;

/// The formats shaderxform reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InputFormat {
    Wgsl,
    /// Binary SPIR-V (`.spv`).
    SpirvBinary,
    /// SPIR-V assembly text (`.spvasm`), as `spirv-as` reads it.
    SpirvAssembly,
    /// GLSL of one stage (`.comp`, `.vert`, `.frag`, `.glsl`).
    Glsl(ShaderStage),
    /// HLSL of one stage (`.hlsl`), read through glslang.
    Hlsl(ShaderStage),
}

impl InputFormat {
    /// The format a file name implies. `stage` overrides the stage of GLSL
    /// (`.glsl` files are compute shaders unless told otherwise).
    pub fn from_path(path: &Path, stage: Option<ShaderStage>) -> Option<Self> {
        let ext = path.extension()?.to_str()?;
        Self::from_extension(ext, stage)
    }

    pub fn from_extension(ext: &str, stage: Option<ShaderStage>) -> Option<Self> {
        Some(match ext {
            "wgsl" => InputFormat::Wgsl,
            "spv" => InputFormat::SpirvBinary,
            "spvasm" => InputFormat::SpirvAssembly,
            "comp" => InputFormat::Glsl(stage.unwrap_or(ShaderStage::Compute)),
            "vert" => InputFormat::Glsl(stage.unwrap_or(ShaderStage::Vertex)),
            "frag" => InputFormat::Glsl(stage.unwrap_or(ShaderStage::Fragment)),
            "glsl" => InputFormat::Glsl(stage.unwrap_or(ShaderStage::Compute)),
            "hlsl" => InputFormat::Hlsl(stage.unwrap_or(ShaderStage::Compute)),
            _ => return None,
        })
    }

    pub const EXTENSIONS: &'static [&'static str] = &[
        "wgsl", "spv", "spvasm", "comp", "vert", "frag", "glsl", "hlsl",
    ];

    pub fn name(self) -> &'static str {
        match self {
            InputFormat::Wgsl => "wgsl",
            InputFormat::SpirvBinary => "spv",
            InputFormat::SpirvAssembly => "spvasm",
            InputFormat::Glsl(_) => "glsl",
            InputFormat::Hlsl(_) => "hlsl",
        }
    }

    pub fn is_text(self) -> bool {
        !matches!(self, InputFormat::SpirvBinary)
    }

    /// Whether naga spans of a module read from this format are byte
    /// offsets into the source text, so that diagnostics can quote it.
    pub fn spans_index_text(self) -> bool {
        matches!(self, InputFormat::Wgsl | InputFormat::Glsl(_))
    }
}

impl fmt::Display for InputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A shader to compile: its name (a path, for messages), format and bytes.
#[derive(Clone, Debug)]
pub struct Source {
    pub name: String,
    pub format: InputFormat,
    pub bytes: Vec<u8>,
}

impl Source {
    pub fn new(name: impl Into<String>, format: InputFormat, bytes: impl Into<Vec<u8>>) -> Self {
        Source {
            name: name.into(),
            format,
            bytes: bytes.into(),
        }
    }

    pub fn from_text(
        name: impl Into<String>,
        format: InputFormat,
        text: impl Into<String>,
    ) -> Self {
        Self::new(name, format, text.into().into_bytes())
    }

    /// The source text, when the format is text and the bytes are UTF-8.
    pub fn text(&self) -> Option<&str> {
        if self.format.is_text() {
            std::str::from_utf8(&self.bytes).ok()
        } else {
            None
        }
    }

    /// The text that naga spans index, for quoting in diagnostics.
    pub fn span_text(&self) -> Option<&str> {
        if self.format.spans_index_text() {
            self.text()
        } else {
            None
        }
    }
}

/// A 1-based line and column (in characters) of a byte offset.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..floor_char_boundary(text, offset)];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// The byte offset of a 1-based line and column (in characters), clamped
/// to the text.
pub fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let mut start = 0;
    for _ in 1..line {
        match text[start..].find('\n') {
            Some(n) => start += n + 1,
            None => return text.len(),
        }
    }
    let line_text = &text[start..text[start..].find('\n').map_or(text.len(), |n| start + n)];
    start
        + line_text
            .char_indices()
            .nth(column.saturating_sub(1))
            .map_or(line_text.len(), |(i, _)| i)
}

/// Why a shader file could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read {path}: {error}")]
    Io { path: String, error: std::io::Error },
    #[error("{path}: unknown shader extension; expected one of: {}", InputFormat::EXTENSIONS.iter().map(|e| format!(".{e}")).collect::<Vec<_>>().join(", "))]
    UnknownExtension { path: String },
}

impl Source {
    /// Reads a shader file, its format implied by its extension.
    pub fn read(path: &Path, stage: Option<ShaderStage>) -> Result<Self, LoadError> {
        let name = path.display().to_string();
        let format = InputFormat::from_path(path, stage)
            .ok_or_else(|| LoadError::UnknownExtension { path: name.clone() })?;
        let bytes = std::fs::read(path).map_err(|error| LoadError::Io {
            path: name.clone(),
            error,
        })?;
        Ok(Source::new(name, format, bytes))
    }
}
