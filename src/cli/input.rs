//! What every command reads before it compiles: the library options
//! from the arguments, the source (a file or standard input), and the
//! compiler.

use std::collections::BTreeMap;
use std::path::Path;

use shaderxform::passes::float_atomics;
use shaderxform::{Compiler, InputFormat, Options, PassSelection, Source, Target};

use super::args::{CommonArgs, Stage};
use super::exit;
use super::print::Printer;

/// Builds the library options from the command line, or says why it cannot.
pub(super) fn options(common: &CommonArgs) -> Result<Options, String> {
    let mut pass_options: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for setting in &common.pass_options {
        let parsed = setting
            .split_once('=')
            .and_then(|(key, value)| key.split_once('.').map(|(p, o)| (p, o, value)));
        let Some((pass, option, value)) = parsed else {
            return Err(format!("`{setting}` is not of the form PASS.OPTION=VALUE"));
        };
        pass_options
            .entry(pass.trim().to_string())
            .or_default()
            .insert(option.trim().to_string(), value.trim().to_string());
    }
    for (option, value) in [
        (float_atomics::STRATEGY_OPTION, &common.float_atomics),
        (float_atomics::NAN_OPTION, &common.float_atomics_nan),
    ] {
        if let Some(value) = value {
            pass_options
                .entry(float_atomics::NAME.to_string())
                .or_default()
                .insert(option.to_string(), value.clone());
        }
    }
    let mut target = Target::default();
    for feature in &common.features {
        // clap has checked the name against Target::FEATURES.
        target.enable(feature);
    }
    Ok(Options {
        passes: PassSelection::parse(&common.passes),
        pass_options,
        target,
        emit: shaderxform::EmitOptions {
            entry_point: common.entry_point.clone(),
            spirv_version: common.spirv_version,
            glsl_version: common.glsl_version,
            hlsl_shader_model: common.hlsl_shader_model,
            msl_version: common.msl_version,
            overrides: common.overrides.iter().cloned().collect(),
            wgsl_for: common.wgsl_for,
        },
        deny_warnings: common.deny_warnings,
        allow: common.allow.clone(),
        deny: common.deny.clone(),
        front: shaderxform::front::FrontOptions {
            glsl_front: shaderxform::front::GlslFront::parse(&common.glsl_front)
                .unwrap_or_default(),
            defines: common
                .defines
                .iter()
                .map(|d| shaderxform::front::parse_define(d))
                .collect(),
            include_dirs: common.include_dirs.clone(),
            module_dirs: Vec::new(),
            reserved_bindings: Vec::new(),
            hlsl_entry_point: common.entry_point.clone(),
            hlsl_register_shifts: common.hlsl_register_shifts.clone(),
            storage_formats: common.storage_formats.clone(),
            diagnostics: common.diagnostics.clone(),
        },
    })
}

pub(super) fn stage(common: &CommonArgs) -> Option<naga::ShaderStage> {
    common.stage.map(|s| match s {
        Stage::Compute => naga::ShaderStage::Compute,
        Stage::Vertex => naga::ShaderStage::Vertex,
        Stage::Fragment => naga::ShaderStage::Fragment,
    })
}

pub(super) fn load(path: &Path, common: &CommonArgs, printer: &Printer) -> Result<Source, i32> {
    if path.as_os_str() == "-" {
        return load_stdin(common, printer);
    }
    if let Some(format) = common.input_format.as_deref() {
        return load_as(path, format, common, printer);
    }
    if InputFormat::from_path(path, stage(common)).is_none()
        && InputFormat::unsupported_glsl_stage(path).is_none()
    {
        printer.plain_error(
            &format!(
                "{}: unknown shader extension; expected one of: {}",
                path.display(),
                InputFormat::EXTENSIONS
                    .iter()
                    .map(|e| format!(".{e}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            &path.display().to_string(),
        );
        return Err(exit::USAGE);
    }
    Source::read_limited(path, stage(common), common.max_input_size).map_err(|e| {
        printer.plain_error(&e.to_string(), &path.display().to_string());
        exit::FAILED
    })
}

/// A file read as the format `--input-format` names, whatever its name
/// says (HLSL in a `.comp` file): the stage is `--stage`, else the one the
/// name gives (`x.frag`), else compute.
fn load_as(
    path: &Path,
    format: &str,
    common: &CommonArgs,
    printer: &Printer,
) -> Result<Source, i32> {
    let named_stage = match InputFormat::from_path(path, None) {
        Some(InputFormat::Glsl(stage) | InputFormat::Hlsl(stage)) => Some(stage),
        _ => None,
    };
    let Some(format) = InputFormat::from_extension(format, stage(common).or(named_stage)) else {
        printer.plain_error(
            &format!("unknown --input-format {format}"),
            "<command line>",
        );
        return Err(exit::USAGE);
    };
    let bytes =
        shaderxform::source::read_regular_file(path, common.max_input_size).map_err(|e| {
            printer.plain_error(&e.to_string(), &path.display().to_string());
            exit::FAILED
        })?;
    Ok(Source::new(path.display().to_string(), format, bytes))
}

/// Standard input as a shader of the format `--input-format` names.
pub(super) fn load_stdin(common: &CommonArgs, printer: &Printer) -> Result<Source, i32> {
    const NAME: &str = "<stdin>";
    let Some(format) = common
        .input_format
        .as_deref()
        .and_then(|f| InputFormat::from_extension(f, stage(common)))
    else {
        printer.plain_error(
            "reading standard input (`-`) needs --input-format (wgsl, spv, spvasm, glsl, hlsl)",
            NAME,
        );
        return Err(exit::USAGE);
    };
    let mut bytes = Vec::new();
    let limit = common.max_input_size;
    let mut stdin = std::io::Read::take(std::io::stdin().lock(), limit.saturating_add(1));
    if let Err(e) = std::io::Read::read_to_end(&mut stdin, &mut bytes) {
        printer.plain_error(&format!("cannot read standard input: {e}"), NAME);
        return Err(exit::FAILED);
    }
    if bytes.len() as u64 > limit {
        printer.plain_error(
            &format!(
                "standard input holds more than the limit of {limit} bytes (--max-input-size)"
            ),
            NAME,
        );
        return Err(exit::FAILED);
    }
    Ok(Source::new(NAME, format, bytes))
}

pub(super) fn compiler(common: &CommonArgs, printer: &Printer) -> Result<Compiler, i32> {
    let options = options(common).map_err(|message| {
        printer.plain_error(&message, "<command line>");
        exit::USAGE
    })?;
    Compiler::new(options).map_err(|failure| {
        // With their codes and notes: a script matches on the code.
        for d in &failure.diagnostics {
            printer.plain_diagnostic(d, "<command line>");
        }
        exit::for_failure(failure.kind)
    })
}
