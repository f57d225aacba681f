//! Shader inputs: their formats and contents.

use std::fmt;
use std::path::Path;

use naga::ShaderStage;

/// The formats shaderxform reads. More may come: match with a wildcard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum InputFormat {
    /// WGSL (`.wgsl`).
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

/// glslang's stage extensions that name a stage naga has no front end for.
const UNSUPPORTED_GLSL_STAGES: &[(&str, &str)] = &[
    ("tesc", "tessellation control"),
    ("tese", "tessellation evaluation"),
    ("geom", "geometry"),
];

impl InputFormat {
    /// The format a file name implies. `stage` overrides the stage of GLSL.
    /// As in glslang, the stage is named by the extension (`.vert`,
    /// `.frag`, `.comp`) or by the one before `.glsl` (`blur.vert.glsl`);
    /// a plain `.glsl` file is a compute shader.
    pub fn from_path(path: &Path, stage: Option<ShaderStage>) -> Option<Self> {
        let ext = path.extension()?.to_str()?;
        if ext == "glsl" || ext == "hlsl" {
            let inner = Path::new(path.file_stem()?)
                .extension()
                .and_then(|e| e.to_str());
            if let Some(InputFormat::Glsl(named)) =
                inner.and_then(|e| Self::from_extension(e, stage))
            {
                return Some(if ext == "hlsl" {
                    InputFormat::Hlsl(named)
                } else {
                    InputFormat::Glsl(named)
                });
            }
        }
        Self::from_extension(ext, stage)
    }

    /// The stage a GLSL file name gives that naga cannot read
    /// (`.geom`, `.tesc`, `.tese`, also before `.glsl`), for a clear
    /// refusal rather than "unknown extension".
    pub fn unsupported_glsl_stage(path: &Path) -> Option<&'static str> {
        let named = |p: &Path| {
            let ext = p.extension()?.to_str()?;
            UNSUPPORTED_GLSL_STAGES
                .iter()
                .find(|(e, _)| *e == ext)
                .map(|(_, stage)| *stage)
        };
        match path.extension()?.to_str()? {
            "glsl" => named(Path::new(path.file_stem()?)),
            _ => named(path),
        }
    }

    /// The format of a file extension without its dot (`wgsl`, `spv`,
    /// ...; one of [`InputFormat::EXTENSIONS`]); `None` for any other.
    /// `stage` overrides the stage of GLSL and HLSL; without it `.vert`
    /// and `.frag` name theirs and the others are compute shaders.
    pub fn from_extension(ext: &str, stage: Option<ShaderStage>) -> Option<Self> {
        Some(match ext {
            // WESL is WGSL with imports and conditions: the WGSL front end
            // reads it by the file's name.
            "wgsl" | "wesl" => InputFormat::Wgsl,
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

    /// Every extension [`InputFormat::from_extension`] knows, without the
    /// dot, for messages and file filters.
    pub const EXTENSIONS: &'static [&'static str] = &[
        "wgsl", "wesl", "spv", "spvasm", "comp", "vert", "frag", "glsl", "hlsl",
    ];

    /// The short name used in reports and JSON (`wgsl`, `spv`, `spvasm`,
    /// `glsl`, `hlsl`); the stage is not part of it.
    pub fn name(self) -> &'static str {
        match self {
            InputFormat::Wgsl => "wgsl",
            InputFormat::SpirvBinary => "spv",
            InputFormat::SpirvAssembly => "spvasm",
            InputFormat::Glsl(_) => "glsl",
            InputFormat::Hlsl(_) => "hlsl",
        }
    }

    /// Whether the input is text (everything but binary SPIR-V), which
    /// must then be UTF-8.
    pub fn is_text(self) -> bool {
        !matches!(self, InputFormat::SpirvBinary)
    }

    /// SPIR-V, binary or text.
    pub fn is_spirv(self) -> bool {
        matches!(self, InputFormat::SpirvBinary | InputFormat::SpirvAssembly)
    }

    /// Whether naga spans of a module read from this format are byte
    /// offsets into the source text, so that diagnostics can quote it
    /// (SPIR-V assembly: the front end places each at its instruction).
    pub fn spans_index_text(self) -> bool {
        matches!(
            self,
            InputFormat::Wgsl | InputFormat::Glsl(_) | InputFormat::SpirvAssembly
        )
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
    /// What diagnostics call the shader: the path as given, or any name
    /// for a shader that is no file (the command line's `<stdin>`).
    pub name: String,
    /// How `bytes` are read.
    pub format: InputFormat,
    /// The file's contents: text in UTF-8, or SPIR-V words in
    /// little-endian bytes.
    pub bytes: Vec<u8>,
}

impl Source {
    /// A shader from bytes already in memory.
    pub fn new(name: impl Into<String>, format: InputFormat, bytes: impl Into<Vec<u8>>) -> Self {
        Source {
            name: name.into(),
            format,
            bytes: bytes.into(),
        }
    }

    /// A shader from text already in memory, for the text formats.
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

/// Why a shader file could not be loaded. Each variant's `path` is the
/// path as given, for messages.
#[non_exhaustive]
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The operating system refused to stat, open or read the file.
    #[error("cannot read {path}: {error}")]
    Io {
        /// The file.
        path: String,
        /// The operating system's error.
        error: std::io::Error,
    },
    /// The extension names no format ([`InputFormat::EXTENSIONS`]).
    #[error("{path}: unknown shader extension; expected one of: {}", InputFormat::EXTENSIONS.iter().map(|e| format!(".{e}")).collect::<Vec<_>>().join(", "))]
    UnknownExtension {
        /// The file.
        path: String,
    },
    /// The extension names a GLSL stage naga cannot read (`.geom`,
    /// `.tesc`, `.tese`).
    #[error("{path}: {stage} shaders are not supported: naga reads vertex, fragment and compute GLSL only")]
    UnsupportedStage {
        /// The file.
        path: String,
        /// The stage in words (`geometry`, `tessellation control`, ...).
        stage: &'static str,
    },
    /// The path is no regular file (a folder, FIFO, device or socket),
    /// refused before it is opened.
    #[error("cannot read {path}: it is {kind}; only regular files are read")]
    NotAFile {
        /// The path.
        path: String,
        /// What it is, in words (`a folder`, `a FIFO`, ...).
        kind: &'static str,
    },
    /// The file holds more bytes than the limit.
    #[error("cannot read {path}: it holds {size} bytes, more than the limit of {limit} (--max-input-size)")]
    TooLarge {
        /// The file.
        path: String,
        /// Its size in bytes, as measured (at least `limit + 1` where it
        /// grew while being read).
        size: u64,
        /// The limit in bytes.
        limit: u64,
    },
}

impl Source {
    /// Reads a shader file, its format implied by its extension; a file
    /// that is not a regular one, or larger than
    /// [`DEFAULT_MAX_INPUT_SIZE`], is refused.
    pub fn read(path: &Path, stage: Option<ShaderStage>) -> Result<Self, LoadError> {
        Self::read_limited(path, stage, DEFAULT_MAX_INPUT_SIZE)
    }

    /// [`Source::read`], refusing files larger than `max_size` bytes.
    pub fn read_limited(
        path: &Path,
        stage: Option<ShaderStage>,
        max_size: u64,
    ) -> Result<Self, LoadError> {
        let name = path.display().to_string();
        if let Some(unsupported) = InputFormat::unsupported_glsl_stage(path) {
            return Err(LoadError::UnsupportedStage {
                path: name,
                stage: unsupported,
            });
        }
        let format = InputFormat::from_path(path, stage)
            .ok_or_else(|| LoadError::UnknownExtension { path: name.clone() })?;
        let bytes = read_regular_file(path, max_size)?;
        Ok(Source::new(name, format, bytes))
    }
}

/// The largest shader file read unless told otherwise (`--max-input-size`):
/// 16 MiB, far above any real shader, far below what would exhaust memory.
pub const DEFAULT_MAX_INPUT_SIZE: u64 = 16 * 1024 * 1024;

/// The bytes of a regular file (symbolic links followed) of at most
/// `max_size` bytes. Devices, FIFOs, sockets and folders are refused
/// before they are opened: opening a FIFO waits for a writer, and reading
/// `/dev/zero` never ends. The limit is enforced while reading, so a file
/// that grows after it was measured is refused too.
pub fn read_regular_file(path: &Path, max_size: u64) -> Result<Vec<u8>, LoadError> {
    use std::io::Read;

    let name = || path.display().to_string();
    let io = |error| LoadError::Io {
        path: name(),
        error,
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(LoadError::NotAFile {
            path: name(),
            kind: file_kind(&meta),
        });
    }
    if meta.len() > max_size {
        return Err(LoadError::TooLarge {
            path: name(),
            size: meta.len(),
            limit: max_size,
        });
    }
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(max_size.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > max_size {
        return Err(LoadError::TooLarge {
            path: name(),
            size: bytes.len() as u64,
            limit: max_size,
        });
    }
    Ok(bytes)
}

/// What a path that is no regular file is, for messages.
pub(crate) fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    if meta.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = meta.file_type();
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_extension_before_glsl_names_the_stage() {
        let format = |p: &str, stage| InputFormat::from_path(Path::new(p), stage);
        assert_eq!(
            format("x.vert.glsl", None),
            Some(InputFormat::Glsl(ShaderStage::Vertex))
        );
        assert_eq!(
            format("dir.v2/blur.frag.glsl", None),
            Some(InputFormat::Glsl(ShaderStage::Fragment))
        );
        assert_eq!(
            format("x.comp.glsl", None),
            Some(InputFormat::Glsl(ShaderStage::Compute))
        );
        assert_eq!(
            format("x.glsl", None),
            Some(InputFormat::Glsl(ShaderStage::Compute))
        );
        assert_eq!(
            format("x.v1.glsl", None),
            Some(InputFormat::Glsl(ShaderStage::Compute))
        );
        assert_eq!(
            format("x.vert", None),
            Some(InputFormat::Glsl(ShaderStage::Vertex))
        );
        // An explicit stage wins.
        assert_eq!(
            format("x.vert.glsl", Some(ShaderStage::Fragment)),
            Some(InputFormat::Glsl(ShaderStage::Fragment))
        );
        assert_eq!(
            format("x.wgsl.glsl", None),
            Some(InputFormat::Glsl(ShaderStage::Compute))
        );
    }

    #[test]
    fn stages_naga_cannot_read_are_named() {
        for (path, stage) in [
            ("a.geom", "geometry"),
            ("a.tesc.glsl", "tessellation control"),
            ("a.tese", "tessellation evaluation"),
        ] {
            assert_eq!(
                InputFormat::unsupported_glsl_stage(Path::new(path)),
                Some(stage)
            );
            let error = Source::read(Path::new(path), None).unwrap_err();
            assert!(error.to_string().contains(stage), "{error}");
        }
        assert_eq!(
            InputFormat::unsupported_glsl_stage(Path::new("a.vert.glsl")),
            None
        );
    }
}
