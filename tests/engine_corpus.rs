//! The compute shaders of public engines and libraries (`corpus/engine`,
//! compiled as `corpus/engine/manifest.toml` says): each through glslang
//! alone, then through shaderxform to WGSL and SPIR-V with `--passes none`
//! and `--passes all`. Every output is valid (naga and Tint for WGSL,
//! spirv-val for SPIR-V), nothing is an internal error, every refusal has
//! a line and column, and shaderxform reads at least a set share of what
//! glslang reads. What is read is written as HLSL, Metal and GLSL too, or
//! refused at a line. The counts, by project, are printed (`--nocapture`).

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use naga::ShaderStage;
use shaderxform::front::{FrontOptions, GlslFront, HlslRegister};
use shaderxform::{
    render, ColorChoice, Compiler, DiagnosticJson, EmitOptions, Failure, FailureKind, InputFormat,
    Options, OutputFormat, PassSelection, Source, WgslTarget,
};

/// The share of the compilations glslang reads that shaderxform reads as
/// SPIR-V (with `--passes none`: SPIR-V and WGSL written, the WGSL for
/// Tint, or for wgpu where the only refusal is a located "WGSL for Tint
/// cannot hold" of what wgpu reads, such as texture atomics; SPIR-V alone
/// where the only refusal is a located "WGSL output cannot hold" of what
/// no WGSL naga writes holds, ray queries), in percent, at least: 110 of
/// 131 are read, 99 of them as WGSL for Tint too. What stops the others
/// (image atomics whose value is used, barriers that are divergent as
/// written, extensions naga does not read) is listed in
/// docs/front-ends.md; each is a located refusal.
const READ_SHARE_AT_LEAST: usize = 80;

/// The same share with the passes the command line runs by default
/// (`--passes all`), where `hoist-barriers` fixes the barriers that are
/// divergent as written, in percent, at least: 124 of 131 are read.
const READ_SHARE_WITH_DEFAULT_PASSES_AT_LEAST: usize = 90;

#[derive(serde::Deserialize)]
struct Manifest {
    settings: BTreeMap<String, Settings>,
    shader: Vec<Shader>,
}

#[derive(serde::Deserialize, Default, Clone)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
struct Settings {
    #[serde(default)]
    defines: Vec<String>,
    #[serde(default)]
    include_dirs: Vec<String>,
    #[serde(default)]
    hlsl_register_shifts: Vec<String>,
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
struct Shader {
    path: String,
    language: Option<String>,
    settings: Option<String>,
    #[serde(default)]
    entry_points: Vec<String>,
    #[serde(default)]
    storage_formats: Vec<String>,
}

/// One compilation: a file, and for HLSL one of its entry points.
struct Case {
    project: String,
    path: PathBuf,
    hlsl: bool,
    entry_point: Option<String>,
    settings: Settings,
    storage_formats: Vec<String>,
}

impl Case {
    fn name(&self) -> String {
        let file = common::display(&self.path);
        match &self.entry_point {
            Some(entry) => format!("{file} ({entry})"),
            None => file,
        }
    }

    fn include_dirs(&self) -> Vec<PathBuf> {
        let dir = engine_dir();
        self.settings
            .include_dirs
            .iter()
            .map(|d| dir.join(d))
            .collect()
    }

    fn source(&self) -> Source {
        let format = if self.hlsl {
            InputFormat::Hlsl(ShaderStage::Compute)
        } else {
            InputFormat::Glsl(ShaderStage::Compute)
        };
        let bytes = std::fs::read(&self.path).unwrap();
        Source::new(common::display(&self.path), format, bytes)
    }

    fn compiler(&self, passes: PassSelection, wgsl_for: WgslTarget) -> Compiler {
        let front = FrontOptions {
            glsl_front: GlslFront::Glslang,
            defines: self
                .settings
                .defines
                .iter()
                .map(|d| shaderxform::front::parse_define(d))
                .collect(),
            include_dirs: self.include_dirs(),
            hlsl_entry_point: self.entry_point.clone(),
            hlsl_register_shifts: self
                .settings
                .hlsl_register_shifts
                .iter()
                .map(|s| {
                    let (class, shift) = s.split_once('=').unwrap();
                    (
                        HlslRegister::from_letter(class).unwrap(),
                        shift.parse().unwrap(),
                    )
                })
                .collect(),
            storage_formats: self
                .storage_formats
                .iter()
                .map(|s| shaderxform::front::parse_storage_format(s).unwrap())
                .collect(),
            ..FrontOptions::default()
        };
        Compiler::new(Options {
            passes,
            front,
            emit: EmitOptions {
                wgsl_for,
                ..EmitOptions::default()
            },
            ..Options::default()
        })
        .unwrap()
    }

    /// Whether glslangValidator alone compiles the shader as its project's
    /// build does (same defines, include folders and entry point).
    fn glslang_reads(&self, validator: &Path) -> bool {
        let dir = tempfile::tempdir().unwrap();
        let mut command = Command::new(validator);
        command.args(["-V", "--target-env", "vulkan1.1", "-S", "comp", "-o"]);
        command.arg(dir.path().join("out.spv"));
        if let Some(entry) = &self.entry_point {
            command.args(["-D", "-e", entry]);
        }
        for define in &self.settings.defines {
            command.arg(format!("-D{define}"));
        }
        for include in self.include_dirs() {
            command.arg(format!("-I{}", include.display()));
        }
        command.arg(&self.path);
        command.output().unwrap().status.success()
    }
}

fn engine_dir() -> PathBuf {
    common::root().join("corpus/engine")
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(engine_dir().join("manifest.toml")).unwrap();
    let manifest: Manifest = toml::from_str(&text).unwrap();
    let mut cases = Vec::new();
    for shader in manifest.shader {
        let path = engine_dir().join(&shader.path);
        assert!(path.is_file(), "{} is in the manifest", path.display());
        let hlsl = shader.language.as_deref() == Some("hlsl") || shader.path.ends_with(".hlsl");
        let settings = match &shader.settings {
            Some(name) => manifest.settings[name].clone(),
            None => Settings::default(),
        };
        let entry_points: Vec<Option<String>> = if !hlsl {
            vec![None]
        } else if shader.entry_points.is_empty() {
            vec![Some("main".to_string())]
        } else {
            shader.entry_points.iter().cloned().map(Some).collect()
        };
        for entry_point in entry_points {
            cases.push(Case {
                project: shader.path.split('/').next().unwrap().to_string(),
                path: path.clone(),
                hlsl,
                entry_point,
                settings: settings.clone(),
                storage_formats: shader.storage_formats.clone(),
            });
        }
    }
    cases
}

/// What is wrong with a failure: an internal error, or an error without a
/// line and column.
fn failure_faults(name: &str, failure: &Failure, source: &Source) -> Vec<String> {
    let mut faults = Vec::new();
    for diagnostic in failure.diagnostics.iter().filter(|d| d.is_error()) {
        let rendered = render(diagnostic, source, ColorChoice::Never);
        if failure.kind == FailureKind::Internal || diagnostic.code.as_deref() == Some("internal") {
            faults.push(format!("{name}: internal error:\n{rendered}"));
            continue;
        }
        let json = DiagnosticJson::new(diagnostic, source);
        let placed = match (json.line, json.column) {
            (Some(line), Some(column)) => {
                rendered.contains(&format!("{}:{line}:{column}", source.name))
            }
            _ => false,
        };
        if !placed {
            faults.push(format!("{name}: an error without a position:\n{rendered}"));
        }
    }
    if failure.diagnostics.iter().all(|d| !d.is_error()) {
        faults.push(format!("{name}: a failure without an error"));
    }
    faults
}

fn spirv_val(validator: &Path, name: &str, bytes: &[u8]) -> Option<String> {
    // The Vulkan version whose rules hold for the module's SPIR-V version.
    let minor = bytes[2];
    let env = match minor {
        0..=3 => "vulkan1.1",
        4 => "vulkan1.1spv1.4",
        5 => "vulkan1.2",
        _ => "vulkan1.3",
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.spv");
    std::fs::write(&path, bytes).unwrap();
    let out = Command::new(validator)
        .args(["--target-env", env])
        .arg(&path)
        .output()
        .unwrap();
    (!out.status.success()).then(|| {
        format!(
            "{name}: spirv-val rejects the SPIR-V:\n{}",
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

fn naga_validates(name: &str, wgsl: &str) -> Option<String> {
    let module = match naga::front::wgsl::parse_str(wgsl) {
        Ok(module) => module,
        Err(e) => return Some(format!("{name}: naga cannot read the WGSL: {e}\n{wgsl}")),
    };
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&module)
    .err()
    .map(|e| format!("{name}: naga rejects the WGSL: {e:?}"))
}

#[derive(Default)]
struct Counts {
    cases: usize,
    glslang: usize,
    read_none: usize,
    read_all: usize,
    /// Read with WGSL for Tint written (`--passes none`).
    read_tint: usize,
    /// Of glslang's, read as SPIR-V with `--passes none`, and with `all`.
    read_of_glslang: usize,
    read_all_of_glslang: usize,
}

/// Whether a failure is only WGSL's refusal of what no WGSL naga writes
/// holds (ray queries), for any reader.
fn refused_for_wgsl_only(failure: &Failure) -> bool {
    let mut errors = failure.diagnostics.iter().filter(|d| d.is_error());
    failure.kind != FailureKind::Internal
        && errors.all(|d| {
            d.code.as_deref() == Some("emit::unsupported")
                && d.message.starts_with("WGSL output cannot hold")
        })
}

/// Whether a failure is only WGSL for Tint's refusal of what wgpu reads.
fn refused_for_tint_only(failure: &Failure) -> bool {
    let mut errors = failure.diagnostics.iter().filter(|d| d.is_error());
    failure.kind != FailureKind::Internal
        && errors.all(|d| {
            d.code.as_deref() == Some("emit::unsupported")
                && d.message.starts_with("WGSL for Tint cannot hold")
        })
}

#[test]
fn engine_compute_shaders_read_through_glslang_give_valid_outputs_or_located_refusals() {
    let (Some(glslang), Some(spirv_val_tool)) =
        (common::tool("glslangValidator"), common::tool("spirv-val"))
    else {
        return;
    };
    let cases = cases();
    let files: std::collections::BTreeSet<&Path> = cases.iter().map(|c| c.path.as_path()).collect();
    let projects: std::collections::BTreeSet<&str> =
        cases.iter().map(|c| c.project.as_str()).collect();
    assert!(
        files.len() >= 100 && projects.len() >= 5,
        "{} files of {} projects",
        files.len(),
        projects.len()
    );
    let mut faults = Vec::new();
    let mut counts: BTreeMap<String, Counts> = BTreeMap::new();
    let mut refusals: [BTreeMap<String, Vec<String>>; 2] = Default::default();
    let mut wgsl_for_tint = Vec::new();
    for case in &cases {
        let name = case.name();
        let source = case.source();
        let glslang_reads = case.glslang_reads(&glslang);
        // Read as SPIR-V, and as WGSL for Tint.
        let mut read = [false; 2];
        let mut read_tint = [false; 2];
        for (i, passes) in [PassSelection::None, PassSelection::All]
            .into_iter()
            .enumerate()
        {
            let label = format!("{name} [passes {}]", ["none", "all"][i]);
            let formats = [OutputFormat::Wgsl, OutputFormat::SpirvBinary];
            match case
                .compiler(passes.clone(), WgslTarget::Tint)
                .compile(&source, &formats)
            {
                Ok(compiled) => {
                    read[i] = true;
                    read_tint[i] = true;
                    let wgsl = compiled.outputs[0].text().unwrap().to_string();
                    faults.extend(spirv_val(
                        &spirv_val_tool,
                        &label,
                        &compiled.outputs[1].bytes,
                    ));
                    // naga reads WGSL written for wgpu (no `enable subgroups;`).
                    match case
                        .compiler(passes, WgslTarget::Wgpu)
                        .compile(&source, &[OutputFormat::Wgsl])
                    {
                        Ok(for_wgpu) => faults
                            .extend(naga_validates(&label, for_wgpu.outputs[0].text().unwrap())),
                        Err(f) => {
                            faults.push(format!("{label}: written for Tint, not for wgpu: {f}"))
                        }
                    }
                    wgsl_for_tint.push((label, wgsl));
                }
                Err(failure) => {
                    faults.extend(failure_faults(&label, &failure, &source));
                    if refused_for_tint_only(&failure) {
                        let formats = [OutputFormat::Wgsl, OutputFormat::SpirvBinary];
                        match case
                            .compiler(passes, WgslTarget::Wgpu)
                            .compile(&source, &formats)
                        {
                            Ok(for_wgpu) => {
                                read[i] = true;
                                let [wgsl, spirv] = &for_wgpu.outputs[..] else {
                                    unreachable!("two formats asked")
                                };
                                faults.extend(spirv_val(&spirv_val_tool, &label, &spirv.bytes));
                                faults.extend(naga_validates(&label, wgsl.text().unwrap()));
                            }
                            Err(f) => faults.push(format!(
                                "{label}: refused for Tint only, yet not written for wgpu: {f}"
                            )),
                        }
                    } else if refused_for_wgsl_only(&failure) {
                        match case
                            .compiler(passes, WgslTarget::Tint)
                            .compile(&source, &[OutputFormat::SpirvBinary])
                        {
                            Ok(spirv) => {
                                read[i] = true;
                                faults.extend(spirv_val(
                                    &spirv_val_tool,
                                    &label,
                                    &spirv.outputs[0].bytes,
                                ));
                            }
                            Err(f) => faults.push(format!(
                                "{label}: refused for WGSL only, yet not written as SPIR-V: {f}"
                            )),
                        }
                    }
                    let first = failure.diagnostics.iter().find(|d| d.is_error());
                    let code = first
                        .and_then(|d| d.code.clone())
                        .unwrap_or_else(|| "none".to_string());
                    let message = first.map(|d| d.message.clone()).unwrap_or_default();
                    refusals[i]
                        .entry(code)
                        .or_default()
                        .push(format!("{name}: {message}"));
                }
            }
        }
        let count = counts.entry(case.project.clone()).or_default();
        count.cases += 1;
        count.glslang += usize::from(glslang_reads);
        count.read_none += usize::from(read[0]);
        count.read_all += usize::from(read[1]);
        count.read_tint += usize::from(read_tint[0]);
        count.read_of_glslang += usize::from(glslang_reads && read[0]);
        count.read_all_of_glslang += usize::from(glslang_reads && read[1]);
    }
    let mut table = String::from("project: compilations, glslang reads, shaderxform reads as SPIR-V (passes none, all), as WGSL for Tint (passes none), of what glslang reads (as SPIR-V, passes none, all)\n");
    let mut total = Counts::default();
    for (project, c) in &counts {
        table += &format!(
            "{project}: {}, {}, {} {}, {}, {} {}\n",
            c.cases,
            c.glslang,
            c.read_none,
            c.read_all,
            c.read_tint,
            c.read_of_glslang,
            c.read_all_of_glslang
        );
        total.cases += c.cases;
        total.glslang += c.glslang;
        total.read_none += c.read_none;
        total.read_tint += c.read_tint;
        total.read_of_glslang += c.read_of_glslang;
        total.read_all_of_glslang += c.read_all_of_glslang;
    }
    for (i, refusals) in refusals.iter().enumerate() {
        for (code, list) in refusals {
            table += &format!(
                "refused with passes {}, {code}: {}\n",
                ["none", "all"][i],
                list.len()
            );
            for line in list {
                table += &format!("  {}\n", line.lines().next().unwrap_or(""));
            }
        }
    }
    table += &format!(
        "total: {} read as SPIR-V, {} as WGSL for Tint (passes none); of glslang's {}, {} as SPIR-V with passes none, {} with passes all\n",
        total.read_none, total.read_tint, total.glslang, total.read_of_glslang, total.read_all_of_glslang
    );
    eprintln!("{table}");
    assert!(faults.is_empty(), "{}", faults.join("\n\n"));
    common::assert_tint_accepts(&wgsl_for_tint);
    assert!(
        total.read_of_glslang * 100 >= READ_SHARE_AT_LEAST * total.glslang,
        "shaderxform reads {} of the {} compilations glslang reads, under {READ_SHARE_AT_LEAST}%:\n{table}",
        total.read_of_glslang,
        total.glslang
    );
    assert!(
        total.read_all_of_glslang * 100 >= READ_SHARE_WITH_DEFAULT_PASSES_AT_LEAST * total.glslang,
        "with its default passes, shaderxform reads {} of the {} compilations glslang reads, under {READ_SHARE_WITH_DEFAULT_PASSES_AT_LEAST}%:\n{table}",
        total.read_all_of_glslang,
        total.glslang
    );
}

/// Every compilation read as SPIR-V is also written as HLSL, Metal and
/// GLSL (which glslang compiles as OpenGL GLSL), or refused at a line:
/// never an internal error. Its reflection, which names the entry points
/// of every output, is computed too.
#[test]
fn engine_compute_shaders_read_are_written_in_every_format_or_refused_at_a_line() {
    let Some(glslang) = common::tool("glslangValidator") else {
        return;
    };
    let mut faults = Vec::new();
    let mut written: BTreeMap<OutputFormat, usize> = BTreeMap::new();
    let mut refused: BTreeMap<OutputFormat, Vec<String>> = BTreeMap::new();
    for case in &cases() {
        let name = case.name();
        let source = case.source();
        let compiler = case.compiler(PassSelection::All, WgslTarget::Wgpu);
        let Ok(spirv) = compiler.compile(&source, &[OutputFormat::SpirvBinary]) else {
            continue;
        };
        let _ = spirv.reflection();
        for format in [OutputFormat::Hlsl, OutputFormat::Msl, OutputFormat::Glsl] {
            match compiler.compile(&source, &[format]) {
                Ok(compiled) => {
                    *written.entry(format).or_default() += 1;
                    if format == OutputFormat::Glsl {
                        faults.extend(glslang_reads_glsl(
                            &glslang,
                            &name,
                            compiled.outputs[0].text().unwrap(),
                        ));
                    }
                }
                Err(failure) => {
                    faults.extend(failure_faults(
                        &format!("{name} [{format}]"),
                        &failure,
                        &source,
                    ));
                    let message = failure
                        .diagnostics
                        .iter()
                        .find(|d| d.is_error())
                        .map(|d| d.message.clone())
                        .unwrap_or_default();
                    refused
                        .entry(format)
                        .or_default()
                        .push(format!("{name}: {message}"));
                }
            }
        }
    }
    for (format, count) in &written {
        eprintln!("{format}: {count} written");
    }
    for (format, list) in &refused {
        eprintln!("{format}: {} refused", list.len());
        for line in list {
            eprintln!("  {}", line.lines().next().unwrap_or(""));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n\n"));
}

/// What glslang says of GLSL output, compiled as OpenGL GLSL (naga's GLSL
/// writer targets OpenGL): `None` when it compiles.
fn glslang_reads_glsl(validator: &Path, name: &str, glsl: &str) -> Option<String> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.comp");
    std::fs::write(&path, glsl).unwrap();
    let out = Command::new(validator).arg(&path).output().unwrap();
    (!out.status.success()).then(|| {
        format!(
            "{name}: glslang refuses the GLSL written:\n{}",
            String::from_utf8_lossy(&out.stdout)
        )
    })
}
