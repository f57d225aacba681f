//! GLSL and HLSL through glslang (`glslangValidator`), the Khronos
//! reference front end: the shader is compiled to SPIR-V in a subprocess,
//! and the SPIR-V goes on through legalisation and naga's SPIR-V reader.
//! glslang reads the whole of Vulkan GLSL (`gl_PerVertex`, every
//! qualifier, specialization constants, `#include`) and HLSL, where
//! naga's GLSL reader stops at a subset.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use naga::ShaderStage;

use crate::diagnostics::Diagnostic;
use crate::source::Source;

/// The program run, found on `PATH`.
pub const PROGRAM: &str = "glslangValidator";

/// How to get glslang, for error messages.
pub const INSTALL_HINT: &str = "install glslang: `apt-get install glslang-tools` on Debian and \
Ubuntu, `brew install glslang` on macOS, or the Vulkan SDK; `glslangValidator` must be on PATH";

/// Which front end reads GLSL.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GlslFront {
    /// naga's own GLSL reader.
    Naga,
    /// glslang, to SPIR-V; an error when it is not installed.
    Glslang,
    /// glslang when it is installed, naga otherwise.
    #[default]
    Auto,
}

impl GlslFront {
    /// The front end that `--glsl-front` names: `naga`, `glslang` or
    /// `auto` (exactly, in lower case); `None` for any other name.
    pub fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "naga" => GlslFront::Naga,
            "glslang" => GlslFront::Glslang,
            "auto" => GlslFront::Auto,
            _ => return None,
        })
    }

    /// The name [`GlslFront::parse`] reads back: `naga`, `glslang` or
    /// `auto`.
    pub fn name(self) -> &'static str {
        match self {
            GlslFront::Naga => "naga",
            GlslFront::Glslang => "glslang",
            GlslFront::Auto => "auto",
        }
    }
}

/// What the source-level front ends take besides the source.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct FrontOptions {
    /// Which front end reads GLSL (`--glsl-front`); HLSL always goes
    /// through glslang, and the other formats never do.
    pub glsl_front: GlslFront,
    /// `-D NAME[=VALUE]`, for glslang.
    pub defines: Vec<(String, Option<String>)>,
    /// `-I DIR`, searched for `#include` after the shader's own folder,
    /// and for WGSL modules (subfolders included) after `module_dirs`.
    pub include_dirs: Vec<PathBuf>,
    /// Folders searched for WGSL modules, subfolders included, after the
    /// shader's own folder and before `include_dirs`: `batch` and
    /// `shaderxform::build` give the input folder.
    pub module_dirs: Vec<PathBuf>,
    /// The entry point of an HLSL shader [default: `EmitOptions::entry_point`
    /// where a [`Compiler`](crate::Compiler) is given one, else `main`
    /// where the file defines it, else its only `[numthreads]` function].
    pub hlsl_entry_point: Option<String>,
    /// Added to the binding of each HLSL register of a class (`t`, `s`,
    /// `b`, `u`), as `-fvk-t-shift` and the like do for DXC: without
    /// shifts, `register(t0)` and `register(s0)` are both binding 0.
    pub hlsl_register_shifts: Vec<(HlslRegister, u32)>,
    /// The formats of storage images that declare none, by the image's
    /// name in the shader (`--storage-format NAME=FORMAT`): naga needs
    /// one, and only the host knows it. The last one given for a name
    /// counts; names of no such image are left alone.
    pub storage_formats: Vec<(String, naga::StorageFormat)>,
    /// `(set, binding)` pairs that another stage of the same pipeline
    /// holds (a vertex stage's uniform buffer, for its fragment stage):
    /// the sampler split off a combined image sampler takes the next
    /// binding free of both the shader's own and these, so that the two
    /// stages fit one pipeline layout.
    pub reserved_bindings: Vec<(u32, u32)>,
    /// Severities of WGSL's filterable rules for the whole shader
    /// (`--diagnostic derivative_uniformity=warning`), as a module-scope
    /// `diagnostic(...)` directive gives them; the shader's own directive
    /// for a rule holds over these.
    pub diagnostics: Vec<(
        shaderxform_passes::analysis::uniformity::Rule,
        naga::diagnostic_filter::Severity,
    )>,
}

/// The shifts HLSL registers get when none are given and registers of
/// different classes would otherwise share a binding (`register(t0)` and
/// `register(s0)`): each class gets a range of its own, clear of the small
/// numbers explicit `[[vk::binding(N)]]`s and glslang's `$Global` block
/// take, and below wgpu's default limit of 1,000 bindings per group.
pub const DEFAULT_HLSL_REGISTER_SHIFTS: [(HlslRegister, u32); 4] = [
    (HlslRegister::ConstantBuffer, 100),
    (HlslRegister::Sampler, 200),
    (HlslRegister::Texture, 300),
    (HlslRegister::Uav, 500),
];

/// A class of HLSL registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HlslRegister {
    /// `t`: textures and read-only buffers.
    Texture,
    /// `s`: samplers.
    Sampler,
    /// `b`: constant buffers.
    ConstantBuffer,
    /// `u`: read-write textures and buffers.
    Uav,
}

impl HlslRegister {
    /// The class that `register(...)` writes with this letter (`t`, `s`,
    /// `b` or `u`, in lower case); `None` for any other text.
    pub fn from_letter(letter: &str) -> Option<Self> {
        Some(match letter {
            "t" => HlslRegister::Texture,
            "s" => HlslRegister::Sampler,
            "b" => HlslRegister::ConstantBuffer,
            "u" => HlslRegister::Uav,
            _ => return None,
        })
    }

    /// The class's letter, as `register(t0)` writes it.
    pub fn letter(self) -> &'static str {
        match self {
            HlslRegister::Texture => "t",
            HlslRegister::Sampler => "s",
            HlslRegister::ConstantBuffer => "b",
            HlslRegister::Uav => "u",
        }
    }

    /// glslang's option that shifts this class, with `--hlsl-iomap`.
    fn glslang_option(self) -> &'static str {
        match self {
            HlslRegister::Texture => "--shift-texture-binding",
            HlslRegister::Sampler => "--shift-sampler-binding",
            HlslRegister::ConstantBuffer => "--shift-UBO-binding",
            HlslRegister::Uav => "--shift-uav-binding",
        }
    }
}

/// Reads `CLASS=N` (`t=0`, `s=16`) for [`FrontOptions::hlsl_register_shifts`].
pub fn parse_register_shift(text: &str) -> Result<(HlslRegister, u32), String> {
    let (class, shift) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}`: expected CLASS=N, e.g. s=16"))?;
    let class = HlslRegister::from_letter(class.trim())
        .ok_or_else(|| format!("`{text}`: the register class is one of t, s, b, u"))?;
    let shift = shift
        .trim()
        .parse()
        .map_err(|_| format!("`{text}`: the shift is a binding number"))?;
    Ok((class, shift))
}

/// Whether `glslangValidator` runs (looked up once per process).
pub fn available() -> bool {
    static FOUND: OnceLock<bool> = OnceLock::new();
    *FOUND.get_or_init(|| {
        Command::new(PROGRAM)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

/// The language glslang reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Language {
    Glsl,
    Hlsl,
}

/// SPIR-V compiled by glslang, and every file it read besides the shader.
pub(crate) struct Compiled {
    pub words: Vec<u32>,
    /// The name by which the SPIR-V's `OpString` and `OpLine` refer to the
    /// shader.
    pub file_name: String,
    pub dependencies: Vec<PathBuf>,
    /// HLSL globals declared `[[vk::push_constant]]`, handed to glslang as
    /// `ConstantBuffer`s so that they are push constants as DXC makes them.
    pub push_constant_globals: Vec<super::hlsl_push_constants::PushConstantGlobal>,
}

fn stage_name(stage: ShaderStage) -> &'static str {
    match stage {
        ShaderStage::Vertex => "vert",
        ShaderStage::Fragment => "frag",
        ShaderStage::Compute => "comp",
        ShaderStage::Task => "task",
        ShaderStage::Mesh => "mesh",
        _ => "comp",
    }
}

/// glslang opens what an `#include` names, and opening a FIFO waits for a
/// writer forever (a device may never end): an `#include` that may name
/// anything but a regular file is refused before glslang runs, at the
/// shader's `#include` that leads to it.
fn refuse_special_includes(
    source: &Source,
    text: &str,
    options: &FrontOptions,
) -> Result<(), Vec<Diagnostic>> {
    crate::includes::for_each_candidate(
        crate::includes::own_dir(&source.name),
        text,
        &options.include_dirs,
        crate::source::DEFAULT_MAX_INPUT_SIZE,
        |candidate| {
            let Ok(meta) = std::fs::metadata(candidate.path) else {
                return Ok(());
            };
            if meta.is_file() {
                return Ok(());
            }
            let kind = crate::source::file_kind(&meta);
            let diagnostic = Diagnostic::error(format!(
                "`#include \"{}\"` may read {}, {kind}: only regular files are read",
                candidate.name,
                candidate.path.display()
            ))
            .with_code(shaderxform_passes::codes::INPUT_NOT_A_FILE);
            Err(vec![match include_line(text, candidate.top_level) {
                Some(span) => diagnostic.with_primary(span, "this `#include` leads to it"),
                None => diagnostic,
            }])
        },
    )
}

/// Compiles `text` (the contents of `source`) with glslang for Vulkan 1.1
/// (SPIR-V 1.3).
pub(crate) fn compile(
    source: &Source,
    text: &str,
    language: Language,
    stage: ShaderStage,
    options: &FrontOptions,
) -> Result<Compiled, Vec<Diagnostic>> {
    if !available() {
        let what = match language {
            Language::Glsl => "GLSL with `--glsl-front glslang`",
            Language::Hlsl => "HLSL",
        };
        return Err(vec![Diagnostic::error(format!(
            "{what} is read through glslang, and `{PROGRAM}` was not found"
        ))
        .with_code(shaderxform_passes::codes::GLSLANG_MISSING)
        .with_note(INSTALL_HINT)]);
    }
    refuse_special_includes(source, text, options)?;
    let io = |e: std::io::Error| {
        vec![Diagnostic::error(format!("cannot run {PROGRAM}: {e}"))
            .with_code(shaderxform_passes::codes::GLSLANG_RUN)]
    };
    let dir = tempfile::tempdir().map_err(io)?;
    let extension = match language {
        Language::Glsl => stage_name(stage),
        Language::Hlsl => "hlsl",
    };
    // glslang looks a quoted include up beside the file it compiles
    // before the `-I` folders, and that file is ours, in a temporary
    // folder: `../x.h` would name a file beside that folder, which no one
    // chose (nor `serve --root` checked). Nested deeper than any include
    // climbs, the file has nothing around it but this folder, so includes
    // resolve from the shader's own folder (`-I`, below) as if glslang
    // read it in place.
    let (prepared, push_constant_globals) = match language {
        Language::Glsl => (enable_includes(text), Vec::new()),
        Language::Hlsl => super::hlsl_push_constants::as_constant_buffers(text),
    };
    // glslang's includer finds no `#include <name>`: copies that include
    // each other by quoted names stand in, beside the shader it compiles.
    let staged = super::angle_includes::stage(
        &crate::includes::own_dir(&source.name),
        &prepared,
        &options.include_dirs,
    );
    let climbs = match &staged {
        Some(staged) => staged.climbs,
        None => crate::includes::directives(text)
            .iter()
            .map(|name| {
                Path::new(name)
                    .components()
                    .filter(|c| matches!(c, std::path::Component::ParentDir))
                    .count()
            })
            .max()
            .unwrap_or(0),
    };
    let nested: PathBuf = std::iter::repeat_n("in", climbs + 1).collect();
    let folder = dir.path().join(&nested);
    std::fs::create_dir_all(&folder).map_err(io)?;
    let input = folder.join(format!("shader.{extension}"));
    let output = dir.path().join("shader.spv");
    let depfile = dir.path().join("shader.d");
    match &staged {
        Some(staged) => {
            std::fs::write(&input, &staged.text).map_err(io)?;
            for (name, text, _) in &staged.copies {
                std::fs::write(folder.join(name), text).map_err(io)?;
            }
        }
        None => std::fs::write(&input, prepared).map_err(io)?,
    }
    // What glslang says of a copy is said of the file it copies.
    let originals = |text: String| match &staged {
        Some(staged) => staged.originals(&folder, &text),
        None => text,
    };

    let mut command = Command::new(PROGRAM);
    // `-g`: `OpLine`s, which place diagnostics in the source; naga's
    // reader skips them, so no output carries them.
    command
        .arg("-V")
        .arg("-g")
        .args(["--target-env", "vulkan1.1"])
        .args(["-S", stage_name(stage)]);
    let entry_point = match (&options.hlsl_entry_point, language) {
        (Some(name), _) => name.clone(),
        (None, Language::Hlsl) => super::hlsl_entry_point::default_hlsl_entry_point(text),
        (None, Language::Glsl) => "main".to_string(),
    };
    if language == Language::Hlsl {
        // A lone `-D` says the input is HLSL. `--amb`: resources without a
        // register, and the counter buffers of `IncrementCounter` and
        // `Append`, take the next free bindings, as DXC gives them, where
        // glslang alone puts them all at binding 0.
        command.arg("-D").args(["-e", &entry_point]).arg("--amb");
        if !options.hlsl_register_shifts.is_empty() {
            // Shifts by register class rather than by glslang's resource
            // kinds (which put `t0` buffers and `u0` buffers together).
            command.arg("--hlsl-iomap");
            for &(class, shift) in &options.hlsl_register_shifts {
                command.arg(class.glslang_option()).arg(shift.to_string());
            }
        }
    }
    for (name, value) in &options.defines {
        match value {
            Some(v) => command.arg(format!("-D{name}={v}")),
            None => command.arg(format!("-D{name}")),
        };
    }
    // The shader's own folder first, as if glslang read it in place.
    let own_dir = Path::new(&source.name)
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    for include in std::iter::once(&own_dir).chain(&options.include_dirs) {
        let absolute = std::path::absolute(include).unwrap_or_else(|_| include.clone());
        command.arg(format!("-I{}", absolute.display()));
    }
    command
        .arg("--depfile")
        .arg(&depfile)
        .arg("-o")
        .arg(&output)
        .arg(&input);
    let result = command.output().map_err(io)?;
    let log = originals(
        String::from_utf8_lossy(&result.stdout).into_owned()
            + &String::from_utf8_lossy(&result.stderr),
    );
    // A missing entry point: glslang warns, and writes an empty shader
    // or (with `--amb`) fails to link.
    if log.contains("Entry point not found") {
        let name = &entry_point;
        let compute = super::hlsl_entry_point::numthreads_functions(text);
        let found = match compute.as_slice() {
            [] => String::new(),
            names => format!(
                "; its [numthreads] functions are {}",
                names
                    .iter()
                    .map(|n| format!("`{n}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        return Err(vec![Diagnostic::error(format!(
            "{} has no entry point `{name}`{found}",
            source.name
        ))
        .with_code(shaderxform_passes::codes::GLSLANG_ENTRY_POINT)
        .with_primary(
            last_line(text),
            format!("no function `{name}` by the end of the file"),
        )
        .with_note(
            "name the function to compile: `--entry-point NAME` on the command line, `EmitOptions::entry_point` in the library, `entry-point` in a `serve` request",
        )]);
    }
    if !result.status.success() {
        return Err(diagnostics(
            &log,
            &input,
            source,
            text,
            &options.include_dirs,
        ));
    }
    let bytes = std::fs::read(&output).map_err(io)?;
    let words = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes")))
        .collect();
    let dependencies = std::fs::read_to_string(&depfile)
        .map(|d| depfile_inputs(&originals(d)))
        .unwrap_or_default()
        .into_iter()
        .filter(|p| !same_path(p, &input))
        .collect();
    Ok(Compiled {
        words,
        file_name: input.display().to_string(),
        dependencies,
        push_constant_globals,
    })
}

fn same_path(a: &Path, b: &Path) -> bool {
    a == b
        || a.canonicalize()
            .ok()
            .zip(b.canonicalize().ok())
            .is_some_and(|(a, b)| a == b)
}

/// glslangValidator reads `#include` only under
/// `GL_GOOGLE_include_directive`, which glslc enables by itself; so does
/// shaderxform, after `#version`, keeping every line where it was.
fn enable_includes(text: &str) -> String {
    let uses_include = text.lines().any(|l| l.trim_start().starts_with("#include"));
    if !uses_include || text.contains("GL_GOOGLE_include_directive") {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 80);
    let mut done = false;
    for (index, line) in text.split_inclusive('\n').enumerate() {
        out.push_str(line);
        if !done && line.trim_start().starts_with("#version") {
            if !line.ends_with('\n') {
                out.push('\n');
            }
            out.push_str(&format!(
                "#extension GL_GOOGLE_include_directive : enable\n#line {}\n",
                index + 2
            ));
            done = true;
        }
    }
    if done {
        out
    } else {
        text.to_string()
    }
}

/// The prerequisites of a make rule (`target: a b\ c`), as glslang and
/// glslc write them.
fn depfile_inputs(text: &str) -> Vec<PathBuf> {
    let joined = text.replace("\\\n", " ");
    let Some((_, inputs)) = joined.split_once(": ") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut current = String::new();
    let mut chars = inputs.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&' ') => {
                current.push(' ');
                chars.next();
            }
            c if c.is_whitespace() => {
                if !current.is_empty() {
                    out.push(PathBuf::from(std::mem::take(&mut current)));
                }
            }
            c => current.push(c),
        }
    }
    if !current.is_empty() {
        out.push(PathBuf::from(current));
    }
    out
}

/// glslang's `ERROR: file:line: message` lines as diagnostics; those in
/// the shader itself point at the line.
fn diagnostics(
    log: &str,
    input: &Path,
    source: &Source,
    text: &str,
    include_dirs: &[PathBuf],
) -> Vec<Diagnostic> {
    let input_name = input.display().to_string();
    let mut out = Vec::new();
    let mut other = Vec::new();
    for line in log.lines() {
        let (severity_error, rest) = if let Some(rest) = line.strip_prefix("ERROR: ") {
            (true, rest)
        } else if let Some(rest) = line.strip_prefix("WARNING: ") {
            (false, rest)
        } else {
            continue;
        };
        let located = parse_location(rest);
        let Some((file, line_number, message)) = located else {
            if severity_error && !rest.contains("compilation errors") {
                other.push(rest.trim().to_string());
            }
            continue;
        };
        if message.contains("compilation terminated") {
            continue;
        }
        let message = tidy(message);
        let mut d = if severity_error {
            Diagnostic::error(message.clone())
        } else {
            Diagnostic::warning(message.clone())
        }
        .with_code(shaderxform_passes::codes::GLSLANG);
        if line_number == 0 {
            // `0:0`: glslang knows no line.
            let (span, label) = unlocated(text, &message);
            d = d.with_primary(span, label);
        } else if file == input_name || Path::new(file) == input {
            let start = crate::source::offset_of(text, line_number, 1);
            let end = text[start..].find('\n').map_or(text.len(), |n| start + n);
            let indent = text[start..end].len() - text[start..end].trim_start().len();
            d = d.with_primary(naga::Span::new((start + indent) as u32, end as u32), "here");
        } else {
            if let Some(span) = include_line(text, file) {
                d = d.with_primary(
                    span,
                    format!("in the file included here, at line {line_number}"),
                );
            } else if let Some(span) = include_line_leading_to(source, text, include_dirs, file) {
                let name = Path::new(file)
                    .file_name()
                    .map_or(file.into(), |n| n.to_string_lossy());
                d = d.with_primary(
                    span,
                    format!(
                        "in {name}, which the file included here includes, at line {line_number}"
                    ),
                );
            }
            d = d.with_note(format!(
                "in {file}:{line_number}, included by {}",
                source.name
            ));
        }
        out.push(d);
    }
    if out.iter().all(|d| !d.is_error()) {
        let message = if other.is_empty() {
            format!("glslang rejected the shader:\n{}", log.trim())
        } else {
            other.join("; ")
        };
        let (span, label) = unlocated(text, &message);
        out.push(
            Diagnostic::error(message)
                .with_code(shaderxform_passes::codes::GLSLANG)
                .with_primary(span, label),
        );
    }
    out
}

/// Where an error glslang gave no line for points: the directive or the
/// end that it speaks of, or the first line that holds the token it
/// quotes (`... : 'constant_id'`), or the first line.
fn unlocated(text: &str, message: &str) -> (naga::Span, &'static str) {
    if message.contains("#version") {
        return (version_line(text), "the `#version` directive is wrong here");
    }
    if message.contains("entry point") {
        return (last_line(text), "no entry point by the end of the file");
    }
    let quoted = message
        .rsplit_once(": '")
        .and_then(|(_, rest)| rest.strip_suffix('\''))
        .filter(|token| !token.is_empty());
    let named = quoted.and_then(|token| {
        non_blank_lines(text).find(|&s| {
            let end = text[s..].find('\n').map_or(text.len(), |n| s + n);
            text[s..end].contains(token)
        })
    });
    match named {
        Some(start) => (
            line_span(text, start),
            "glslang gives no line: the first that names it",
        ),
        None => (first_line(text), "glslang gives no line for this error"),
    }
}

/// The span of the line of `text` that starts at `start`, without its
/// indentation and line break.
fn line_span(text: &str, start: usize) -> naga::Span {
    let end = text[start..].find('\n').map_or(text.len(), |n| start + n);
    let line = &text[start..end];
    let from = start + (line.len() - line.trim_start().len());
    let to = start + line.trim_end().len();
    // A blank line still gets one character, whole.
    let to = if to > from {
        to
    } else {
        text[from..]
            .chars()
            .next()
            .map_or(from + 1, |c| from + c.len_utf8())
    };
    naga::Span::new(from as u32, to as u32)
}

/// The starts of the lines of `text` that hold more than blanks.
fn non_blank_lines(text: &str) -> impl DoubleEndedIterator<Item = usize> + '_ {
    let mut starts = vec![0];
    starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
    starts.into_iter().filter(move |&s| {
        let end = text[s..].find('\n').map_or(text.len(), |n| s + n);
        !text[s..end].trim().is_empty()
    })
}

/// The first line of `text` that holds more than blanks, for a diagnostic
/// about the whole shader.
pub(super) fn first_line(text: &str) -> naga::Span {
    line_span(text, non_blank_lines(text).next().unwrap_or(0))
}

fn last_line(text: &str) -> naga::Span {
    line_span(text, non_blank_lines(text).next_back().unwrap_or(0))
}

/// The `#version` line, or the first line where it belongs.
fn version_line(text: &str) -> naga::Span {
    non_blank_lines(text)
        .find(|&s| text[s..].trim_start().starts_with("#version"))
        .map_or_else(|| first_line(text), |s| line_span(text, s))
}

/// The `#include` line of `text` that names `file` (by its file name).
pub(super) fn include_line(text: &str, file: &str) -> Option<naga::Span> {
    let name = Path::new(file).file_name()?.to_str()?;
    non_blank_lines(text)
        .find(|&s| {
            let end = text[s..].find('\n').map_or(text.len(), |n| s + n);
            let line = text[s..end].trim_start();
            line.starts_with("#include") && line.contains(name)
        })
        .map(|s| line_span(text, s))
}

/// The shader's own `#include` line whose file includes `file`, through
/// however many other files: an error in a header that another header
/// includes points where the chain starts.
fn include_line_leading_to(
    source: &Source,
    text: &str,
    include_dirs: &[PathBuf],
    file: &str,
) -> Option<naga::Span> {
    let wanted = Path::new(file).canonicalize().ok()?;
    let mut top_level = None;
    let _ = crate::includes::for_each_candidate(
        crate::includes::own_dir(&source.name),
        text,
        include_dirs,
        crate::source::DEFAULT_MAX_INPUT_SIZE,
        |candidate| {
            if candidate.path.canonicalize().ok().as_ref() == Some(&wanted) {
                top_level = Some(candidate.top_level.to_string());
                return Err(());
            }
            Ok(())
        },
    );
    include_line(text, &top_level?)
}

/// The shader's own `#include` line whose file includes `file` through
/// other files, where `files` are the paths of every file the shader
/// read (glslang's `OpString`s): each directive is matched to the path it
/// ends with, and the files are read to follow the chain.
pub(super) fn include_line_through<'a>(
    text: &str,
    file: &str,
    files: impl Iterator<Item = &'a String> + Clone,
) -> Option<naga::Span> {
    let path_of = |name: &str| {
        files.clone().find(|f| {
            f.as_str() == name
                || f.strip_suffix(name)
                    .is_some_and(|rest| rest.ends_with('/') || rest.ends_with('\\'))
        })
    };
    let mut seen = std::collections::HashSet::new();
    let mut reaches = |start: &str| {
        let mut pending = vec![(start.to_string(), 0)];
        while let Some((path, depth)) = pending.pop() {
            if path == file {
                return true;
            }
            if depth > crate::includes::MAX_DEPTH || !seen.insert(path.clone()) {
                continue;
            }
            let Ok(bytes) = crate::source::read_regular_file(
                Path::new(&path),
                crate::source::DEFAULT_MAX_INPUT_SIZE,
            ) else {
                continue;
            };
            for name in crate::includes::directives(&String::from_utf8_lossy(&bytes)) {
                if let Some(next) = path_of(&name) {
                    pending.push((next.clone(), depth + 1));
                }
            }
        }
        false
    };
    let top = crate::includes::directives(text)
        .into_iter()
        .find(|name| path_of(name).is_some_and(|path| reaches(path)))?;
    include_line(text, &top)
}

/// `file:line: message`, the file possibly holding colons.
fn parse_location(rest: &str) -> Option<(&str, usize, &str)> {
    let mut search = 0;
    while let Some(colon) = rest[search..].find(':').map(|c| c + search) {
        let after = &rest[colon + 1..];
        if let Some(end) = after.find(':') {
            if let Ok(line) = after[..end].trim().parse::<usize>() {
                return Some((&rest[..colon], line, after[end + 1..].trim()));
            }
        }
        search = colon + 1;
    }
    None
}

/// `'foo' : undeclared identifier` reads better as `undeclared identifier: 'foo'`.
fn tidy(message: &str) -> String {
    match message.split_once(" : ") {
        Some((subject, what)) if subject.trim() == "''" => what.trim().to_string(),
        Some((subject, what)) => format!("{}: {}", what.trim(), subject.trim()),
        None => message.trim().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depfile_prerequisites_unescape_spaces() {
        let deps = depfile_inputs("out.spv: /a/main.comp /b/my\\ inc.h \\\n ./c.h\n");
        assert_eq!(
            deps,
            vec![
                PathBuf::from("/a/main.comp"),
                PathBuf::from("/b/my inc.h"),
                PathBuf::from("./c.h")
            ]
        );
    }

    #[test]
    fn include_extension_keeps_line_numbers() {
        let text = "#version 450\n#include \"a.h\"\nvoid main() {}\n";
        let out = enable_includes(text);
        assert_eq!(
            out,
            "#version 450\n#extension GL_GOOGLE_include_directive : enable\n#line 2\n#include \"a.h\"\nvoid main() {}\n"
        );
        assert_eq!(
            enable_includes("#version 450\nvoid main() {}\n"),
            "#version 450\nvoid main() {}\n"
        );
    }

    #[test]
    fn locations_with_colons_in_the_path() {
        assert_eq!(
            parse_location("C:/x/a.comp:4: 'foo' : undeclared identifier"),
            Some(("C:/x/a.comp", 4, "'foo' : undeclared identifier"))
        );
        assert_eq!(
            tidy("'foo' : undeclared identifier"),
            "undeclared identifier: 'foo'"
        );
    }

    /// glslang writes `0:0` where it knows no line, and no location at all
    /// for some errors: each points at the line it speaks of.
    #[test]
    fn errors_without_a_line_point_at_what_they_name() {
        let text = "#version 450\nlayout(constant_id = 0) const int A = 1;\nlayout(constant_id = 0) const int B = 2;\nvoid helper() {}\n";
        let source = Source::from_text(
            "x.comp",
            crate::source::InputFormat::Glsl(ShaderStage::Compute),
            text,
        );
        let input = Path::new("/tmp/g/shader.comp");
        let place = |log: &str| {
            let ds = diagnostics(log, input, &source, text, &[]);
            let span = ds[0].primary_span().expect("a place");
            (
                text[span.to_range().unwrap()].to_string(),
                ds[0].notes.clone(),
            )
        };
        let (at, notes) = place(
            "ERROR: 0:0: 'constant_id' : specialization-constant id already used\nERROR: 1 compilation errors.  No code generated.\n",
        );
        assert_eq!(at, "layout(constant_id = 0) const int A = 1;");
        assert!(notes.is_empty(), "{notes:?}");
        let (at, _) = place("ERROR: Linking compute stage: Missing entry point: Each stage requires one entry point\n");
        assert_eq!(at, "void helper() {}");
        let (at, _) = place(
            "ERROR: #version: compute shaders require es profile with version 310 or above\n",
        );
        assert_eq!(at, "#version 450");
    }
}
